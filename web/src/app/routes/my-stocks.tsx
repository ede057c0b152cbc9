import { MyStocks } from '@/features/watchlist/components/my-stocks';

export function Component() {
  return <MyStocks />;
}
