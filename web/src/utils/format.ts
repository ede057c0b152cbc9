/** Number and date formatting for charts and cards (US style, compact money). */

const SUFFIXES: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** $1.2B, -$350.0M, $12.50 */
export function money(value: number | null | undefined, decimals = 1): string {
  if (value == null || !Number.isFinite(value)) return 'n/a';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, suffix] of SUFFIXES) {
    if (abs >= size) return `${sign}$${(abs / size).toFixed(decimals)}${suffix}`;
  }
  return `${sign}$${abs.toFixed(decimals === 0 ? 0 : 2)}`;
}

/**
 * An axis tick in money: as many decimals as the tick needs to be exact (at most 3), so
 * neighbouring ticks never print the same ("$1T, $1.5T, $2T", not "$1T, $2T, $2T").
 */
export function axisMoney(value: number): string {
  if (!Number.isFinite(value)) return '';
  const [size, decimals] = tickDecimals(value);
  return money(value, size === 1 && decimals > 0 ? 2 : decimals);
}

/** An axis tick of a count (shares): "2.5B", not "3B" beside "2B". */
export function axisCompact(value: number): string {
  if (!Number.isFinite(value)) return '';
  return compact(value, tickDecimals(value)[1]);
}

/** The tick's unit and the decimals (at most 3) it needs to be exact in that unit. */
function tickDecimals(value: number): [size: number, decimals: number] {
  const abs = Math.abs(value);
  const size = SUFFIXES.find(([s]) => abs >= s)?.[0] ?? 1;
  const scaled = abs / size;
  let decimals = 0;
  while (decimals < 3 && Math.abs(Number(scaled.toFixed(decimals)) - scaled) > 1e-9 * Math.max(1, scaled)) decimals++;
  return [size, decimals];
}

/**
 * A value axis that always holds zero and never collapses, with round ticks only: about five
 * steps of 1, 2, 2.5 or 5 times a power of ten, and the ends on a step, so the top tick reads
 * "$500B" next to "$400B" instead of the data's own "$416.161B". A series of one repeated value
 * (JPM's cash flows) still gets a range; an all-zero series gets 0 to 1.
 */
export function zeroBasedAxis(values: ReadonlyArray<number | null | undefined>): { domain: [number, number]; ticks: number[] } {
  const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const min = Math.min(0, ...finite);
  const max = Math.max(0, ...finite) || (min < 0 ? 0 : 1);
  const span = max - min;
  const rough = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough * (1 - 1e-9)) ?? 10 * magnitude;
  const first = Math.floor(min / step + 1e-9);
  const last = Math.ceil(max / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toPrecision(12)));
  return { domain: [ticks[0]!, ticks[ticks.length - 1]!], ticks };
}

/** 1.2B, 350.0M (share counts) */
export function compact(value: number | null | undefined, decimals = 1): string {
  if (value == null || !Number.isFinite(value)) return 'n/a';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, suffix] of SUFFIXES) {
    if (abs >= size) return `${sign}${(abs / size).toFixed(decimals)}${suffix}`;
  }
  return `${sign}${abs.toFixed(0)}`;
}

/** 12.3% */
export function pct(value: number | null | undefined, decimals = 1): string {
  if (value == null || !Number.isFinite(value)) return 'n/a';
  return `${value.toFixed(decimals)}%`;
}

/** $1,234.56 */
export function dollars(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** "Mar 3, 2025" from an ISO date, read as UTC so the day never shifts. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return 'n/a';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "3 days ago", "2 months ago" (content feed). */
export function relativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now.getTime() - then) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const steps: Array<[number, Intl.RelativeTimeFormatUnit]> = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [7, 'day'],
    [4.345, 'week'],
    [12, 'month'],
    [Number.POSITIVE_INFINITY, 'year'],
  ];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return rtf.format(-Math.round(value), unit);
    value /= size;
  }
  return '';
}
