import { Area, Bar, BarChart, CartesianGrid, Cell, ComposedChart, LabelList, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';

import type { MarketValuePoint, PriceRange } from '@/types/analysis';
import { axisMoney, dollars, money, shortDate } from '@/utils/format';

import { AXIS_TICK, ChartFrame, COLORS, inDrawingOrder, STATIC } from './chart-kit';

/** Market value over 3 years, with what $1000 invested at the start became. */
export function MarketValueChart({ points }: { points: MarketValuePoint[] }) {
  const rows = points.map((p) => ({ ...p, investment: p.investmentK * 1000 }));
  return (
    <ChartFrame
      label="Market value and $1000 investment over 3 years"
      height={260}
      rows={rows}
      columns={[
        { label: 'Date', value: (r) => shortDate(r.date) },
        { label: 'Market value', value: (r) => money(r.marketValue), cell: (r) => [r.date, 'marketValue'] },
        { label: '$1000 became', value: (r) => dollars(r.investment), cell: (r) => [r.date, 'investment'] },
      ]}
    >
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={24} />
        <YAxis yAxisId="mv" tick={AXIS_TICK} tickFormatter={axisMoney} width={64} />
        <YAxis yAxisId="inv" orientation="right" tick={AXIS_TICK} tickFormatter={(v: number) => `$${Math.round(v)}`} width={52} />
        <Tooltip formatter={(v, n) => (n === 'Market value' ? money(Number(v)) : dollars(Number(v)))} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder('marketValue', 'investment')} />
        <Area yAxisId="mv" dataKey="marketValue" name="Market value" fill="#fde68a" stroke={COLORS.primary} connectNulls {...STATIC} />
        <Line yAxisId="inv" dataKey="investment" name="$1000 invested" stroke={COLORS.secondary} strokeWidth={2} dot={false} {...STATIC} />
      </ComposedChart>
    </ChartFrame>
  );
}

/** The 3-year low, today's price and the 3-year high. */
export function PriceRangeChart({ range }: { range: PriceRange }) {
  const rows = [
    { name: '3-year low', price: range.min, date: range.minDate, fill: COLORS.good },
    { name: 'Today', price: range.today, date: range.todayDate, fill: COLORS.primary },
    { name: '3-year high', price: range.max, date: range.maxDate, fill: COLORS.bad },
  ];
  return (
    <ChartFrame
      label="Price range over 3 years"
      height={200}
      rows={rows}
      columns={[
        { label: 'Point', value: (r) => r.name },
        { label: 'Price', value: (r) => dollars(r.price), cell: (r) => [r.name, 'price'] },
        { label: 'Date', value: (r) => shortDate(r.date) },
      ]}
    >
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 64, bottom: 0, left: 0 }}>
        <XAxis type="number" hide domain={[0, 'dataMax']} />
        <YAxis type="category" dataKey="name" tick={AXIS_TICK} width={84} />
        <Tooltip formatter={(v) => dollars(Number(v))} labelFormatter={(label) => String(label)} />
        <Bar dataKey="price" name="Price" barSize={26} radius={[0, 4, 4, 0]} {...STATIC}>
          {rows.map((row) => (
            <Cell key={row.name} fill={row.fill} />
          ))}
          <LabelList dataKey="price" position="right" formatter={(v: unknown) => dollars(Number(v))} style={{ fontSize: 12, fill: '#1c1917' }} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
