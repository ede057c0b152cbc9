import type { Column } from './chart-kit';

/** First columns that name a point in time: their charts read as a trend from first to last. */
const TIME_COLUMNS = new Set(['Period', 'Date']);

/**
 * One sentence saying what a chart shows, built from the same cells as its "See the numbers"
 * table so the two never disagree: a trend ("Revenue went from $1.2B in 2021 to $2.0B in
 * 2024.") for charts over time, the values side by side for the others ("Percent: Insiders
 * 1.0%, Institutions 60.0%."). Screen readers hear it as the chart's description.
 */
export function chartSummary<Row>(label: string, rows: Row[], columns: Array<Column<Row>>): string {
  const [name, first] = columns;
  const head = rows.at(0);
  const tail = rows.at(-1);
  if (!name || !first || head === undefined || tail === undefined) return `${label}: no numbers to show.`;
  if (TIME_COLUMNS.has(name.label) && rows.length > 1) {
    return `${first.label} went from ${first.value(head)} in ${name.value(head)} to ${first.value(tail)} in ${name.value(tail)}.`;
  }
  const values = rows.map((row) => `${name.value(row)} ${first.value(row)}`).join(', ');
  return `${first.label}: ${values}.`;
}
