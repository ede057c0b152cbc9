import { Link } from 'react-router';

import { buttonClass } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';

import { useWatchlist } from '../api/watchlist';
import { BandTag, Change } from './change';

/** /my-stocks: the watched stocks with their stored scores and what moved them. */
export function MyStocks() {
  const { data, error, isLoading, mutate } = useWatchlist();

  if (isLoading) return <Spinner label="Loading your stocks" />;
  if (error || !data) {
    return (
      <section>
        <PageTitle title="My stocks" />
        <p role="alert" className="mt-3 text-red-800">
          {userMessage(error, "I couldn't pull up your list just now.")}
        </p>
        <button type="button" className={buttonClass('outline', 'mt-3')} onClick={() => void mutate()}>
          Try Again
        </button>
      </section>
    );
  }

  return (
    <section className="space-y-6">
      <PageTitle
        title="My stocks"
        subtitle={`${data.stocks.length} of ${data.limit} spots on the porch. I'm a guy on a porch, not your financial adviser.`}
      />
      {data.stocks.length === 0 ? (
        <p className="text-stone-700">
          Nothing on your list yet. Open a stock and press <strong>Watch</strong>, and I'll keep an eye on it for you.
        </p>
      ) : (
        <ul className="space-y-3">
          {data.stocks.map((stock) => (
            <li key={stock.symbol} className="rounded-2xl border border-amber-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center gap-3">
                <Link to={paths.stock.getHref(stock.symbol)} className="font-serif text-xl font-bold text-amber-900 underline">
                  {stock.symbol}
                </Link>
                <span className="text-stone-600">{stock.companyName ?? ''}</span>
                <span className="ml-auto text-lg font-bold">{stock.score == null ? 'Not scored yet' : `${stock.score}/100`}</span>
                <BandTag band={stock.band} />
              </div>
              <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <div>
                  <dt className="inline text-stone-600">Since added: </dt>
                  <dd className="inline">
                    <Change value={stock.changeSinceAdded} label="since added" />
                  </dd>
                </div>
                <div>
                  <dt className="inline text-stone-600">Since last week: </dt>
                  <dd className="inline">
                    <Change value={stock.changeSinceLastWeek} label="since last week" />
                  </dd>
                </div>
              </dl>
              {stock.lastChangeReason ? <p className="mt-2 text-sm text-stone-700">Last change: {stock.lastChangeReason}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {data.weakestQuestions.length > 0 ? (
        <section aria-labelledby="weakest-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-4">
          <h2 id="weakest-title" className="font-serif text-lg font-bold text-amber-900">
            Where your list is weakest
          </h2>
          <ol className="mt-2 list-decimal pl-5 text-stone-800">
            {data.weakestQuestions.map((q) => (
              <li key={q.number}>
                {q.name}: {q.average.toFixed(1)} out of 10 on average ({q.stocks} {q.stocks === 1 ? 'stock' : 'stocks'})
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}
