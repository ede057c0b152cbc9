import { useParams } from 'react-router';

import { ChatWidget } from '@/features/chat/components/chat-widget';
import { StockPage } from '@/features/stock-analysis/components/stock-page';
import { WatchButton } from '@/features/watchlist/components/watch-button';
import { ensureAnonymousSessionId, getAnonymousSessionId, useRefreshAnonymousSession } from '@/lib/anonymous-session';
import { useUser } from '@/lib/auth';

/**
 * /stock/:ticker and /stocks/:symbol: the ticker is the last URL segment, upper-cased.
 * The analysis is asked for at once when an anonymous id is already stored (the
 * server prefers the session cookie of a signed-in user anyway); otherwise once
 * the user is known, storing a signed-out visitor's id first, so the call
 * carries x-session-id even on a first visit that lands straight on a stock page.
 */
export function Component() {
  const params = useParams();
  const ticker = (params.ticker ?? params.symbol ?? '').trim().toUpperCase();
  const { user, isLoading } = useUser();
  const refreshTrial = useRefreshAnonymousSession();
  if (!isLoading && !user) ensureAnonymousSessionId();
  const enabled = !isLoading || getAnonymousSessionId() !== null;
  return (
    <>
      {user && ticker ? (
        <div className="mb-3 flex justify-end">
          <WatchButton symbol={ticker} />
        </div>
      ) : null}
      <StockPage
      key={ticker}
      ticker={ticker}
      enabled={enabled}
      onAnalyzed={() => (user ? undefined : void refreshTrial())}
      renderChat={(record) => <ChatWidget symbol={record.symbol} companyName={record.companyName} />}
    />
    </>
  );
}
