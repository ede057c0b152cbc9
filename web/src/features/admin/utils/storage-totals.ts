import type { KvStock } from '@/types/api';

/** Bytes as KB with two decimals (the storage page's unit). */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** The storage page's totals: stocks with data, their bytes, and the average per such stock. */
export function storageTotals(stocks: KvStock[]) {
  const withData = stocks.filter((s) => s.hasData);
  const total = withData.reduce((sum, s) => sum + s.dataSize, 0);
  return { stocks: withData.length, totalBytes: total, averageBytes: withData.length ? total / withData.length : 0 };
}
