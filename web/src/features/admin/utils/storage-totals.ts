import type { KvTotals } from '@/types/api';

/** Bytes as KB with two decimals (the storage page's unit). */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** The storage page's totals: stocks with data, their bytes, and the average per such stock. */
export function storageTotals({ stocks, totalBytes }: KvTotals) {
  return { stocks, totalBytes, averageBytes: stocks ? totalBytes / stocks : 0 };
}
