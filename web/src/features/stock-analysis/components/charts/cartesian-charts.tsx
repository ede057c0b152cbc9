import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import type {
  CashDebtRow,
  CashFlowRow,
  MarginRow,
  RatioRow,
  RevenueExpenseRow,
  ValueGrowthRow,
  YieldRow,
} from '@/types/analysis';
import { axisCompact, axisMoney, compact, money, pct, zeroBasedAxis } from '@/utils/format';

import { AXIS_TICK, ChartFrame, COLORS, inDrawingOrder, STATIC, tooltipFormatter } from './chart-kit';

const axisPct = (v: number) => `${v}%`;

/** Q1, Q3 and Q10: a bar per year and the growth % as a line. */
export function ValueGrowthChart({ rows, label, unit, name }: { rows: ValueGrowthRow[]; label: string; unit: 'money' | 'shares'; name: string }) {
  const fmt = unit === 'money' ? money : compact;
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[
        { label: 'Period', value: (r) => r.label },
        { label: name, value: (r) => fmt(r.value), cell: (r) => [r.label, 'value'] },
        { label: 'Growth %', value: (r) => pct(r.growthPct), cell: (r) => [r.label, 'growthPct'] },
      ]}
    >
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} />
        <YAxis yAxisId="v" tick={AXIS_TICK} tickFormatter={unit === 'money' ? axisMoney : axisCompact} {...zeroBasedAxis(rows.map((r) => r.value))} width={64} />
        <YAxis yAxisId="g" orientation="right" tick={AXIS_TICK} tickFormatter={axisPct} width={44} />
        <Tooltip formatter={(v, n) => (n === 'Growth %' ? pct(Number(v)) : fmt(Number(v)))} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder('value', 'growthPct')} />
        <ReferenceLine yAxisId="v" y={0} stroke={COLORS.muted} />
        <Bar yAxisId="v" dataKey="value" name={name} fill={COLORS.primary} radius={[4, 4, 0, 0]} {...STATIC} />
        <Line yAxisId="g" dataKey="growthPct" name="Growth %" stroke={COLORS.secondary} strokeWidth={2} connectNulls {...STATIC} />
      </ComposedChart>
    </ChartFrame>
  );
}

/** Q2: revenue and expenses side by side, with their growth rates. */
export function RevenueExpensesChart({ rows, label }: { rows: RevenueExpenseRow[]; label: string }) {
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[
        { label: 'Period', value: (r) => r.label },
        { label: 'Revenue', value: (r) => money(r.revenue), cell: (r) => [r.label, 'revenue'] },
        { label: 'Revenue growth', value: (r) => pct(r.revenueGrowthPct), cell: (r) => [r.label, 'revenueGrowthPct'] },
        { label: 'Expenses', value: (r) => money(r.expense), cell: (r) => [r.label, 'expense'] },
        { label: 'Expense growth', value: (r) => pct(r.expenseGrowthPct), cell: (r) => [r.label, 'expenseGrowthPct'] },
      ]}
    >
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} />
        <YAxis yAxisId="v" tick={AXIS_TICK} tickFormatter={axisMoney} {...zeroBasedAxis(rows.flatMap((r) => [r.revenue, r.expense]))} width={64} />
        <YAxis yAxisId="g" orientation="right" tick={AXIS_TICK} tickFormatter={axisPct} width={44} />
        <Tooltip formatter={(v, n) => (String(n).includes('growth') ? pct(Number(v)) : money(Number(v)))} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder('revenue', 'expense', 'revenueGrowthPct', 'expenseGrowthPct')} />
        <Bar yAxisId="v" dataKey="revenue" name="Revenue" fill={COLORS.primary} radius={[4, 4, 0, 0]} {...STATIC} />
        <Bar yAxisId="v" dataKey="expense" name="Expenses" fill={COLORS.muted} radius={[4, 4, 0, 0]} {...STATIC} />
        <Line yAxisId="g" dataKey="revenueGrowthPct" name="Revenue growth" stroke={COLORS.secondary} strokeWidth={2} connectNulls {...STATIC} />
        <Line yAxisId="g" dataKey="expenseGrowthPct" name="Expense growth" stroke={COLORS.bad} strokeWidth={2} strokeDasharray="4 3" connectNulls {...STATIC} />
      </ComposedChart>
    </ChartFrame>
  );
}

/** One bar series of a [`GroupedBars`] chart: a numeric field of the row, its name and colour. */
type Series<Row> = { key: keyof Row & string; name: string; fill: string };

/** How a chart's values read in its table, tooltip and axis. Money axes start at zero (or below it when a value is negative) and are wider. */
const UNITS = {
  percent: { format: (v: number) => pct(v), axis: axisPct, money: false },
  percent2: { format: (v: number) => pct(v, 2), axis: axisPct, money: false },
  money: { format: (v: number) => money(v), axis: axisMoney, money: true },
  times: { format: (v: number) => `${v.toFixed(1)}x`, axis: (v: number) => `${v}x`, money: false },
};

type Look = { rounded?: boolean; zeroLine?: boolean };

type GroupedBarsProps<Row> = Look & {
  rows: Row[];
  label: string;
  /** The field naming each group (a period's label, a yardstick's name) and its heading. */
  group: keyof Row & string;
  groupHeading: string;
  unit: keyof typeof UNITS;
  series: Array<Series<Row>>;
};

/** Groups of side-by-side bars, one per series, with the numbers table read from the same series. */
function GroupedBars<Row>({ rows, label, group, groupHeading, unit, series, rounded, zeroLine }: GroupedBarsProps<Row>) {
  const { format, axis, money: isMoney } = UNITS[unit];
  const name = (r: Row) => String(r[group]);
  const value = (r: Row, key: keyof Row) => r[key] as number;
  const columns = [
    { label: groupHeading, value: name },
    ...series.map((s) => ({ label: s.name, value: (r: Row) => format(value(r, s.key)), cell: (r: Row): [string, string] => [name(r), s.key] })),
  ];
  const axisRange = isMoney ? zeroBasedAxis(rows.flatMap((r) => series.map((s) => value(r, s.key)))) : {};
  // The chart reads fields by name; a generic row type is beyond its typed keys.
  const data = rows as unknown as Array<Record<string, unknown>>;
  return (
    <ChartFrame label={label} rows={rows} columns={columns}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey={group as string} tick={AXIS_TICK} />
        <YAxis tick={AXIS_TICK} tickFormatter={axis} {...axisRange} width={isMoney ? 64 : 44} />
        <Tooltip formatter={tooltipFormatter(format)} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder(...series.map((s) => s.key))} />
        {zeroLine ? <ReferenceLine y={0} stroke={COLORS.muted} /> : null}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key as string} name={s.name} fill={s.fill} radius={rounded ? [4, 4, 0, 0] : undefined} {...STATIC} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** A [`GroupedBars`] chart of one group per period (the rows' `label`). */
function periodBars<Row extends { label: string }>(unit: keyof typeof UNITS, look: Look, series: Array<Series<Row>>) {
  return function PeriodBars({ rows, label }: { rows: Row[]; label: string }) {
    return <GroupedBars rows={rows} label={label} group="label" groupHeading="Period" unit={unit} series={series} {...look} />;
  };
}

/** Q4: gross and net margin per year. */
export const MarginsChart = periodBars<MarginRow>('percent', { rounded: true, zeroLine: true }, [
  { key: 'grossPct', name: 'Gross margin', fill: COLORS.secondary },
  { key: 'netPct', name: 'Net margin', fill: COLORS.primary },
]);

/** Q5: operating cash, capital spending (negative) and free cash flow. */
export const CashFlowsChart = periodBars<CashFlowRow>('money', { zeroLine: true }, [
  { key: 'operating', name: 'Operating cash', fill: COLORS.secondary },
  { key: 'capex', name: 'Capital spending', fill: COLORS.bad },
  { key: 'free', name: 'Free cash flow', fill: COLORS.primary },
]);

/** Q6: cash in the drawer against what is owed. */
export const CashDebtChart = periodBars<CashDebtRow>('money', { rounded: true }, [
  { key: 'cash', name: 'Cash', fill: COLORS.good },
  { key: 'debt', name: 'Debt', fill: COLORS.bad },
]);

/** Q7: earnings and cash-flow return on the price against the 10-year Treasury. */
export const YieldsChart = periodBars<YieldRow>('percent2', { zeroLine: true }, [
  { key: 'earningsReturnPct', name: 'Earnings return', fill: COLORS.primary },
  { key: 'cashFlowReturnPct', name: 'Cash flow return', fill: COLORS.secondary },
  { key: 'govtBondPct', name: 'Govt bond', fill: COLORS.muted },
]);

/** Q8: next year's projected earnings return against the Treasury rate. */
export function ForwardChart({ forwardYieldPct, treasuryPct, label }: { forwardYieldPct: number | null; treasuryPct: number | null; label: string }) {
  const rows = [
    { name: 'Forward earnings return', value: forwardYieldPct, fill: COLORS.primary, field: 'forwardYieldPct' },
    { name: '10-year Treasury', value: treasuryPct, fill: COLORS.muted, field: 'treasuryPct' },
  ];
  return (
    <ChartFrame label={label} rows={rows} columns={[{ label: 'Measure', value: (r) => r.name }, { label: 'Percent', value: (r) => pct(r.value, 2), cell: (r) => ['', r.field] }]}>
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="name" tick={AXIS_TICK} />
        <YAxis tick={AXIS_TICK} tickFormatter={axisPct} width={44} />
        <Tooltip formatter={tooltipFormatter((v) => pct(v, 2))} />
        <ReferenceLine y={0} stroke={COLORS.muted} />
        <Bar dataKey="value" name="Percent" radius={[4, 4, 0, 0]} {...STATIC}>
          {rows.map((row) => (
            <Cell key={row.name} fill={row.fill} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

/** Q9: each price yardstick's 3-year low, today and 3-year high. */
export function RatiosChart({ rows, label }: { rows: RatioRow[]; label: string }) {
  const series: Array<Series<RatioRow>> = [
    { key: 'min', name: '3-year low', fill: COLORS.good },
    { key: 'current', name: 'Today', fill: COLORS.primary },
    { key: 'max', name: '3-year high', fill: COLORS.bad },
  ];
  return <GroupedBars rows={rows} label={label} group="name" groupHeading="Yardstick" unit="times" series={series} />;
}
