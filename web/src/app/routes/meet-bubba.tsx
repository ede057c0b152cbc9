import { Link } from 'react-router';

import { StaticPage } from '@/components/layout/static-page';
import { buttonClass } from '@/components/ui/button';
import { PERSONA_NAME } from '@/config/constants';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <StaticPage title={`Meet ${PERSONA_NAME}`} subtitle="Retired hardware man. Reformed hot-tip chaser. Porch philosopher.">
      <p>
        For thirty-one years I ran the hardware store on Main Street. I could tell you which hinge fits which door and why
        your faucet drips. What I couldn't tell you, back then, was what a balance sheet was.
      </p>
      <p>
        Then a fella at the diner gave me a hot tip on a company that was "going to the moon." I bought in. It went to the
        basement instead, and took a good chunk of my savings along for the ride. My wife still brings it up at
        Thanksgiving.
      </p>
      <h2>So I learned to read the reports</h2>
      <p>
        Every public company has to file an annual report with the government, called a 10-K. It's long and dry as
        sawdust, but the truth is in there: what they sell, what they owe, whether any cash is left at the end of the year.
        I started reading them on the porch with a cup of coffee and a highlighter. Turns out it's not rocket science.
        It's more like checking a used truck before you buy it: look under the hood, kick the tires, ask where it's been.
      </p>
      <h2>What I do for you</h2>
      <p>
        Give me a company and I'll ask it the same 12 plain questions I'd ask about any business on Main Street. Is it
        selling more? Is it keeping any of the money? Can it pay its bills? Is the price fair? Each one gets a score, a
        chart and my honest two cents. If the filings don't tell me enough, I'll say so. I'd rather say "I don't know" than
        make something up.
      </p>
      <h2>What I won't do</h2>
      <p>
        I won't tell you to buy or sell. I won't give you a price target. I'm a guy on a porch, not your financial adviser.
        I'll help you ask better questions, and the deciding is up to you.
      </p>
      <p className="pt-2">
        <Link to={paths.home.getHref()} className={buttonClass('primary')}>
          Pick a stock and let's take a look
        </Link>
      </p>
    </StaticPage>
  );
}
