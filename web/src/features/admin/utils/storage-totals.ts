import type { KvTotals } from '@/types/api';

/** Bytes as KB with two decimals (the storage page's unit). */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** The storage page's totals: stocks with data, their bytes, and the average per such stock (zeros until loaded). */
export function storageTotals(totals: KvTotals | undefined) {
  const stocks = totals?.stocks ?? 0;
  const totalBytes = totals?.totalBytes ?? 0;
  return { stocks, totalBytes, averageBytes: stocks ? totalBytes / stocks : 0 };
}
