import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';

import { pct, shortDate } from '@/utils/format';

import { AXIS_TICK, ChartFrame, COLORS, STATIC, tooltipFormatter } from './chart-kit';

/** The 0-30% axis and the reference lines of spec 000 ("Stock detail page"). */
export const SHORT_AXIS_MAX = 30;
export const SHORT_REFERENCE_LINES = [
  { value: 1, label: 'Low' },
  { value: 5, label: 'High' },
  { value: 10, label: 'Crazy!' },
] as const;

/**
 * Each reference label sits on its own line above the plot (the lowest first): at 1%, 5% and 10%
 * of a 0-30% axis the lines are only a few dozen pixels apart on a phone, so labels side by side
 * would print over each other.
 */
export const LABEL_ROW_PX = 13;
export const labelOffset = (index: number) => 4 + index * LABEL_ROW_PX;
const TOP_MARGIN = labelOffset(SHORT_REFERENCE_LINES.length - 1) + LABEL_ROW_PX + 4;

/** Q12: the share of the float bet against the company. */
export function ShortInterestChart({ shortPct, settlementDate, label }: { shortPct: number | null; settlementDate: string | null; label: string }) {
  const rows = [{ name: 'Short interest', value: shortPct }];
  const over = shortPct != null && shortPct > SHORT_AXIS_MAX;
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[{ label: 'Measure', value: (r) => r.name }, { label: '% of float', value: (r) => pct(r.value, 2), cell: () => ['', 'shortPct'] }]}
      note={
        <>
          {settlementDate ? `Short interest as of ${shortDate(settlementDate)}. ` : ''}
          {over ? `It's ${pct(shortPct)}, off the top of the chart.` : ''}
        </>
      }
    >
      <BarChart data={rows} layout="vertical" margin={{ top: TOP_MARGIN, right: 24, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} horizontal={false} />
        <XAxis type="number" domain={[0, SHORT_AXIS_MAX]} ticks={[0, 5, 10, 15, 20, 25, 30]} allowDataOverflow tick={AXIS_TICK} tickFormatter={(v: number) => `${v}%`} />
        <YAxis type="category" dataKey="name" tick={AXIS_TICK} width={90} />
        <Tooltip formatter={tooltipFormatter((v) => pct(v, 2))} />
        {SHORT_REFERENCE_LINES.map((line, index) => (
          <ReferenceLine
            key={line.label}
            x={line.value}
            stroke={line.value >= 10 ? COLORS.bad : line.value >= 5 ? COLORS.primary : COLORS.good}
            strokeDasharray="4 3"
            label={{ value: `${line.label} ${line.value}%`, position: 'top', offset: labelOffset(index), fontSize: 11, fill: '#44403c' }}
          />
        ))}
        <Bar dataKey="value" name="% of float" fill={COLORS.tertiary} barSize={36} radius={[0, 4, 4, 0]} {...STATIC} />
      </BarChart>
    </ChartFrame>
  );
}
