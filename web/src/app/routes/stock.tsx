import { useParams } from 'react-router';

import { StockPage } from '@/features/stock-analysis/components/stock-page';
import { useRefreshAnonymousSession } from '@/lib/anonymous-session';
import { useUser } from '@/lib/auth';

/** /stock/:ticker and /stocks/:symbol: the ticker is the last URL segment, upper-cased. */
export function Component() {
  const params = useParams();
  const ticker = (params.ticker ?? params.symbol ?? '').trim().toUpperCase();
  const { user } = useUser();
  const refreshTrial = useRefreshAnonymousSession();
  return <StockPage key={ticker} ticker={ticker} onAnalyzed={() => (user ? undefined : void refreshTrial())} />;
}
