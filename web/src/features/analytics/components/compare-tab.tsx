import { useId, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { ProvisionalTag } from '@/components/ui/provisional-tag';
import { QuestionIcon } from '@/components/ui/question-icon';
import { ScoreBadge } from '@/components/ui/score-badge';
import { TabList } from '@/components/ui/tabs';
import { COMPARE_MAX } from '@/config/constants';
import { paths } from '@/config/paths';
import { QUESTIONS } from '@/config/questions';
import { ApiError, userMessage } from '@/lib/api-client';
import type { BatchStocks } from '@/types/api';
import { BAND_STYLES, questionBand } from '@/utils/score-bands';

import { useStocksBatch } from '../api/get-stocks-batch';
import { addTicker, isCompareFull, overallFromScores, removeTicker } from '../utils/compare-list';

const VIEWS = [
  { value: 'cards', label: 'Cards' },
  { value: 'table', label: 'Table' },
] as const;
type View = (typeof VIEWS)[number]['value'];

/** Compare up to 3 tickers side by side (spec 000 "Enhanced analytics page"). */
export function CompareTab() {
  const [list, setList] = useState<string[]>([]);
  const [input, setInput] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [view, setView] = useState<View>('cards');
  const inputId = useId();
  const full = isCompareFull(list);
  const { data, error, isLoading } = useStocksBatch(list);

  const onAdd = (event: React.FormEvent) => {
    event.preventDefault();
    const result = addTicker(list, input);
    setList(result.list);
    setNote(result.reason === 'duplicate' ? `${input.trim().toUpperCase()} is already on the list.` : null);
    if (result.added || result.reason === 'blank' || result.reason === 'duplicate') setInput('');
  };

  const unauthorized = error instanceof ApiError && error.status === 401;

  return (
    <div className="space-y-4">
      <form onSubmit={onAdd} className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-stone-800">
            Add a ticker ({list.length}/{COMPARE_MAX})
          </label>
          <input
            id={inputId}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            disabled={full}
            placeholder={full ? 'Three is plenty. Remove one to swap.' : 'e.g. AAPL'}
            autoComplete="off"
            className="w-full rounded-lg border border-stone-300 px-3 py-2 uppercase placeholder:normal-case focus:ring-2 focus:ring-amber-500 focus:outline-none disabled:bg-stone-100"
          />
        </div>
        <Button type="submit" disabled={full}>
          Add
        </Button>
      </form>
      {note ? <p className="text-sm text-stone-600">{note}</p> : null}
      {list.length > 0 ? (
        <ul aria-label="Tickers to compare" className="flex flex-wrap gap-2">
          {list.map((t) => (
            <li key={t} className="flex items-center gap-1 rounded-full bg-amber-100 py-1 pr-1 pl-3 font-ticker text-sm font-bold text-amber-900">
              {t}
              <button type="button" onClick={() => setList(removeTicker(list, t))} aria-label={`Remove ${t}`} className="rounded-full px-2 hover:bg-amber-200">
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-stone-600">Pick up to three companies and I'll line 'em up like pies at the county fair.</p>
      )}

      {unauthorized ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
          Authentication required for analytics data
        </p>
      ) : error ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
          {userMessage(error, 'The comparison did not load. Please try again in a bit.')}
        </p>
      ) : null}

      {list.length > 0 && !error ? (
        <>
          <div className="max-w-xs">
            <TabList tabs={VIEWS} value={view} onChange={setView} label="Comparison view" idBase="compare-view" />
          </div>
          {isLoading && !data ? (
            <p role="status">Lining them up...</p>
          ) : view === 'cards' ? (
            <CompareCards list={list} data={data ?? {}} />
          ) : (
            <CompareTable list={list} data={data ?? {}} />
          )}
        </>
      ) : null}
    </div>
  );
}

function entryOf(data: BatchStocks, ticker: string) {
  return data[ticker] ?? data[ticker.toLowerCase()] ?? null;
}

/** The server's overall score when it sends one, else the answered questions' points out of 100. */
const overallOf = (entry: BatchStocks[string]) => entry.score ?? overallFromScores(entry.scores);

/** The provisional label's look under a compare score. */
const PROVISIONAL_STYLE = 'mt-1 block text-xs font-semibold text-stone-600';

function CompareCards({ list, data }: { list: string[]; data: BatchStocks }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3" data-testid="compare-cards">
      {list.map((ticker) => {
        const entry = entryOf(data, ticker);
        const scores = entry?.scores ?? [];
        return (
          <li key={ticker} className="flex flex-col rounded-2xl border border-amber-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-ticker text-lg font-bold text-amber-900">{ticker}</p>
                <p className="text-sm text-stone-600">{entry?.companyName ?? 'No analysis on file yet'}</p>
              </div>
              <div className="flex flex-col items-end">
                <ScoreBadge score={entry ? overallOf(entry) : null} className="text-lg" />
                {entry?.provisional ? <ProvisionalTag reason={entry.provisionalReason} className={PROVISIONAL_STYLE} /> : null}
              </div>
            </div>
            {entry ? (
              <ol className="mt-3 space-y-1 text-sm">
                {QUESTIONS.map((q, i) => {
                  const s = scores[i] ?? null;
                  return (
                    <li key={q.number} className="flex items-center gap-2">
                      <QuestionIcon number={q.number} className="size-4 shrink-0 text-stone-500" />
                      <span className="flex-1 truncate text-stone-700">{q.title}</span>
                      <span className="h-2 w-16 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
                        {s != null ? <span className={`block h-full ${BAND_STYLES[questionBand(s)].fill}`} style={{ width: `${s * 10}%` }} /> : null}
                      </span>
                      <span className="w-10 text-right font-mono">{s ?? 'n/a'}</span>
                    </li>
                  );
                })}
              </ol>
            ) : (
              <p className="mt-3 text-sm text-stone-600">Open its page once and I'll have the numbers here next time.</p>
            )}
            <Link to={paths.stocks.getHref(ticker)} className="mt-auto pt-4 text-sm font-semibold text-amber-900 underline">
              View Details
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function CompareTable({ list, data }: { list: string[]; data: BatchStocks }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-amber-200 bg-white" data-testid="compare-table">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Per-question scores</caption>
        <thead className="border-b border-amber-200 bg-amber-50">
          <tr>
            <th scope="col" className="px-3 py-2">Question</th>
            {list.map((t) => (
              <th key={t} scope="col" className="px-3 py-2 text-center">
                <span className="font-ticker">{t}</span>
                <span className="block text-xs font-normal text-stone-500">{entryOf(data, t)?.companyName ?? ''}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-amber-100 font-semibold">
            <th scope="row" className="px-3 py-2">Overall score</th>
            {list.map((t) => {
              const entry = entryOf(data, t);
              return (
                <td key={t} className="px-3 py-2 text-center">
                  <ScoreBadge score={entry ? overallOf(entry) : null} />
                  {entry?.provisional ? <ProvisionalTag reason={entry.provisionalReason} className={PROVISIONAL_STYLE} /> : null}
                </td>
              );
            })}
          </tr>
          {QUESTIONS.map((q, i) => (
            <tr key={q.number} className="border-b border-amber-50">
              <th scope="row" className="px-3 py-1.5 font-normal text-stone-700">
                {q.number}. {q.title}
              </th>
              {list.map((t) => (
                <td key={t} className="px-3 py-1.5 text-center">
                  <ScoreBadge score={entryOf(data, t)?.scores[i] ?? null} scale="question" />
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td className="px-3 py-2" />
            {list.map((t) => (
              <td key={t} className="px-3 py-2 text-center">
                <Link to={paths.stocks.getHref(t)} className="text-sm font-semibold text-amber-900 underline">
                  View Details
                </Link>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
