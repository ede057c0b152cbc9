import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { StaticPage } from '@/components/layout/static-page';
import { QuestionIcon } from '@/components/ui/question-icon';
import { PERSONA_NAME } from '@/config/constants';
import { QUESTIONS } from '@/config/questions';

const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'icons', label: 'The icons' },
  { id: 'charts', label: 'Reading the charts' },
  { id: 'bubbasnotes', label: "Bubba's Notes" },
  { id: 'questions', label: 'The 12 questions' },
  { id: 'analysis', label: 'How the score adds up' },
];

/** The guide (spec 000 "Guide page"), with the six anchor sections. */
export function Component() {
  const { hash } = useLocation();
  // The page arrives as a lazy chunk, after the browser's own jump to #anchor; jump again.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <StaticPage title="How It Works" subtitle={`A quick tour of ${PERSONA_NAME}'s workshop. No tools required.`}>
      <nav aria-label="On this page" className="rounded-xl bg-amber-50 p-4">
        <ul className="grid gap-1 sm:grid-cols-2">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.label}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section id="overview" className="scroll-mt-4">
        <h2>Overview</h2>
        <p>
          Type a company's name or ticker in the search box. I pull the company's own reports from the SEC, its stock
          price history and the going rate on a 10-year Treasury bond, and I ask 12 plain questions of it. Each question
          gets a score from 0 to 10, a chart and a comment. The 12 scores add up to a safety score out of 100.
        </p>
        <p>
          A fresh analysis takes 10 to 15 seconds while I do the reading; the progress bar shows which step I'm on. After
          that it's saved, so the next person gets it right away.
        </p>
      </section>

      <section id="icons" className="scroll-mt-4">
        <h2>The icons</h2>
        <p>
          Near the top of every stock page sits a strip of 12 icons, one per question, each wearing its score colour.
          Click one to jump to its card.
        </p>
        <ul className="!list-none !pl-0 grid gap-2 sm:grid-cols-2">
          {QUESTIONS.map((q) => (
            <li key={q.number} className="flex items-center gap-3">
              <QuestionIcon number={q.number} className="size-7 shrink-0 text-amber-800" />
              <span>
                <strong>{q.short}</strong>: {q.question}
              </span>
            </li>
          ))}
        </ul>
        <h3>The colours</h3>
        <ul>
          <li>
            <span className="font-semibold text-green-800">Green</span>: 7 to 10 on a question, 70 or more overall. Sturdy
            boards.
          </li>
          <li>
            <span className="font-semibold text-amber-800">Yellow</span>: 5 to 6 on a question, 50 to 69 overall. Worth a
            closer look.
          </li>
          <li>
            <span className="font-semibold text-red-800">Red</span>: 0 to 4 on a question, below 50 overall. Watch your
            step.
          </li>
          <li>
            <span className="font-semibold text-stone-600">Grey "n/a"</span>: the filings didn't give me enough to grade
            it, so I didn't.
          </li>
        </ul>
      </section>

      <section id="charts" className="scroll-mt-4">
        <h2>Reading the charts</h2>
        <ul>
          <li>Bars are amounts (sales, profit, cash) for each year; a line is the growth rate, read on the right-hand axis.</li>
          <li>Anything below the zero line is a loss or money going out (capital spending shows as negative on purpose).</li>
          <li>
            The market value chart covers 3 years and shows what $1000 invested at the start would be worth along the way.
            The price range chart shows the 3-year low, today and the 3-year high.
          </li>
          <li>
            The short position chart runs from 0% to 30% of the shares that trade, with lines at Low (1%), High (5%) and
            Crazy! (10%).
          </li>
          <li>Every chart has a "See the numbers" table underneath, and "Where do these numbers come from?" names the filing, period and date of each figure.</li>
        </ul>
      </section>

      <section id="bubbasnotes" className="scroll-mt-4">
        <h2>Bubba's Notes</h2>
        <p>
          Below the score sits a fold-out section of notes from the company's latest annual report: up to 14 short answers
          on what the company does, how it makes money, its risks, its debts, its competition and where it's headed. If I
          haven't finished reading a company's report, it says "coming soon" instead of making something up.
        </p>
      </section>

      <section id="questions" className="scroll-mt-4">
        <h2>The 12 questions</h2>
        <ol>
          {QUESTIONS.map((q) => (
            <li key={q.number}>
              <strong>{q.title}</strong>: {q.question}
            </li>
          ))}
        </ol>
        <p>
          Open any question card on a stock page and press <em>What the heck is this?</em> for a plain explanation of what
          it asks and what good and bad look like.
        </p>
      </section>

      <section id="analysis" className="scroll-mt-4">
        <h2>How the score adds up</h2>
        <p>
          Each question scores 0 to 10. The overall score is the sum of the 12 scores over 120, as a percent, rounded. If a
          company's filings can't answer some questions, the score is worked out over the ones they can, and the page says
          so ("based on 10 of 12").
        </p>
        <p>
          Banks, insurers and real estate trusts (REITs) borrow as part of their business, so a few questions use rules
          made for them. A report more than a year old gets a warning, because stale numbers can fool you.
        </p>
        <p>
          A high score means the business looks sturdy on paper. It isn't a promise, and it isn't a tip. I'm a guy on a
          porch, not your financial adviser.
        </p>
      </section>
    </StaticPage>
  );
}
