import type { AnalysisRecord, Chart } from '@/types/analysis';

/**
 * The Rust `Chart` enum is `#[serde(tag = "type", rename_all = "camelCase")]`,
 * which renames the variants but not the fields of struct variants: `forward`,
 * `ownership` and `shortInterest` arrive as `forward_yield_pct`, `insiders_pct`,
 * `short_pct`... Chart keys are camel-cased here, so the page reads one shape
 * whichever way the server spells them (now or after a serde fix).
 */
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [camel(k), camelKeys(v)]));
  }
  return value;
}

export function normalizeChart(chart: unknown): Chart {
  return camelKeys(chart) as Chart;
}

export function normalizeRecord(record: AnalysisRecord): AnalysisRecord {
  return { ...record, questions: (record.questions ?? []).map((q) => ({ ...q, chart: normalizeChart(q.chart) })) };
}
