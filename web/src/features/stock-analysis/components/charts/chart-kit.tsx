import type { LegendPayload } from 'recharts';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

import { cellSource, sourceAnchor, useChartSources } from './chart-sources';
import { chartSummary } from './chart-summary';

/** Shared colours and helpers for the stock page's recharts charts. */
export const COLORS = {
  primary: '#b45309', // amber-700
  secondary: '#0f766e', // teal-700
  tertiary: '#6d28d9', // violet-700
  bad: '#b91c1c', // red-700
  good: '#15803d', // green-700
  muted: '#78716c', // stone-500
  grid: '#f5e6c8',
};

export const AXIS_TICK = { fontSize: 11, fill: '#57534e' };

/**
 * Legend items in the order the series are drawn (recharts sorts them by name otherwise, so the
 * ratios legend read "3-year high, 3-year low, Today" over bars drawn low, today, high).
 */
export function inDrawingOrder(...dataKeys: string[]) {
  return (item: LegendPayload) => dataKeys.indexOf(String(item.dataKey));
}

/** Animations off: the page must render all 12 charts fast, and screenshots stay stable. */
export const STATIC = { isAnimationActive: false } as const;

/**
 * One column of a "See the numbers" table. `cell` names the record's cell a number came
 * from (the row's label, or '' for single-value charts, and the chart field), so the number
 * links to its source.
 */
export type Column<Row> = { label: string; value: (row: Row) => string; cell?: (row: Row) => [row: string, column: string] };

/** A table number, linked to its source in the card's source list when the record has one. */
function SourcedValue({ text, cell }: { text: string; cell?: [string, string] }) {
  const links = useChartSources();
  const label = links && cell ? cellSource(links.sources, cell[0], cell[1]) : undefined;
  if (!links || !label) return <>{text}</>;
  return (
    <a
      href={`#${sourceAnchor(links.question, label)}`}
      title={`Source: ${label}`}
      data-source={label}
      onClick={(event) => {
        event.preventDefault();
        links.show(label);
      }}
      className="text-amber-900 underline decoration-dotted underline-offset-2 hover:decoration-solid"
    >
      {text}
    </a>
  );
}

type ChartFrameProps<Row> = {
  label: string;
  height?: number;
  rows: Row[];
  columns: Array<Column<Row>>;
  children: ReactNode;
  note?: ReactNode;
  /** One sentence saying what the chart shows; by default read from the table's cells. */
  summary?: string;
};

/**
 * A chart with its numbers: the chart for the eye, and a "See the numbers"
 * table for anyone who would rather read (or cannot see the chart). The figure is
 * described by a one-sentence summary and by the table (`aria-describedby`), so a screen
 * reader gets the chart's text alternative without opening anything.
 */
export function ChartFrame<Row>({ label, height = 240, rows, columns, children, note, summary }: ChartFrameProps<Row>) {
  const id = useId();
  const summaryId = `${id}-summary`;
  const tableId = `${id}-numbers`;
  return (
    <figure aria-label={label} aria-describedby={`${summaryId} ${tableId}`} className="w-full">
      <div style={{ height }} className="w-full" data-testid="chart">
        {isValidElement(children)
          ? cloneElement(children as ReactElement<{ responsive?: boolean; style?: React.CSSProperties }>, {
              responsive: true,
              style: { width: '100%', height },
            })
          : children}
      </div>
      <p id={summaryId} className="mt-1 text-xs text-stone-600" data-testid="chart-summary">
        {summary ?? chartSummary(label, rows, columns)}
      </p>
      {note ? <figcaption className="mt-1 text-xs text-stone-600">{note}</figcaption> : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-amber-900 hover:underline">See the numbers</summary>
        <div className="mt-2 overflow-x-auto">
          <table id={tableId} className="w-full text-left text-xs">
            <thead>
              <tr className="border-b border-amber-200 text-stone-600">
                {columns.map((c) => (
                  <th key={c.label} scope="col" className="px-2 py-1 font-semibold">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-b border-amber-50">
                  {columns.map((c) => (
                    <td key={c.label} className="px-2 py-1 font-mono">
                      <SourcedValue text={c.value(row)} cell={c.cell?.(row)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Said when a chart has nothing to draw, in Bubba's words (VOICE.md). */
export function NoChartData() {
  return (
    <p className="rounded-xl bg-stone-50 p-4 text-sm text-stone-600" data-testid="no-chart-data">
      The company didn't give me enough to go on here, so there's no chart. Not enough data beats made-up data.
    </p>
  );
}

/** recharts hands tooltip values as unknown-ish; format numbers, pass the rest through. */
export const tooltipFormatter =
  (format: (value: number) => string) =>
  (value: unknown): string =>
    typeof value === 'number' ? format(value) : String(value ?? 'n/a');
