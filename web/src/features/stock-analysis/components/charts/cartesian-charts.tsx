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

/** Q4: gross and net margin per year. */
export function MarginsChart({ rows, label }: { rows: MarginRow[]; label: string }) {
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[
        { label: 'Period', value: (r) => r.label },
        { label: 'Gross margin', value: (r) => pct(r.grossPct), cell: (r) => [r.label, 'grossPct'] },
        { label: 'Net margin', value: (r) => pct(r.netPct), cell: (r) => [r.label, 'netPct'] },
      ]}
    >
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} />
        <YAxis tick={AXIS_TICK} tickFormatter={axisPct} width={44} />
        <Tooltip formatter={tooltipFormatter((v) => pct(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder('grossPct', 'netPct')} />
        <ReferenceLine y={0} stroke={COLORS.muted} />
        <Bar dataKey="grossPct" name="Gross margin" fill={COLORS.secondary} radius={[4, 4, 0, 0]} {...STATIC} />
        <Bar dataKey="netPct" name="Net margin" fill={COLORS.primary} radius={[4, 4, 0, 0]} {...STATIC} />
      </BarChart>
    </ChartFrame>
  );
}

/** Q5: operating cash, capital spending (negative) and free cash flow. */
export function CashFlowsChart({ rows, label }: { rows: CashFlowRow[]; label: string }) {
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[
        { label: 'Period', value: (r) => r.label },
        { label: 'Operating cash', value: (r) => money(r.operating), cell: (r) => [r.label, 'operating'] },
        { label: 'Capital spending', value: (r) => money(r.capex), cell: (r) => [r.label, 'capex'] },
        { label: 'Free cash flow', value: (r) => money(r.free), cell: (r) => [r.label, 'free'] },
      ]}
    >
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} />
        <YAxis tick={AXIS_TICK} tickFormatter={axisMoney} {...zeroBasedAxis(rows.flatMap((r) => [r.operating, r.capex, r.free]))} width={64} />
        <Tooltip formatter={tooltipFormatter((v) => money(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder('operating', 'capex', 'free')} />
        <ReferenceLine y={0} stroke={COLORS.muted} />
        <Bar dataKey="operating" name="Operating cash" fill={COLORS.secondary} {...STATIC} />
        <Bar dataKey="capex" name="Capital spending" fill={COLORS.bad} {...STATIC} />
        <Bar dataKey="free" name="Free cash flow" fill={COLORS.primary} {...STATIC} />
      </BarChart>
    </ChartFrame>
  );
}

/** Q6: cash in the drawer against what is owed. */
export function CashDebtChart({ rows, label }: { rows: CashDebtRow[]; label: string }) {
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[
        { label: 'Period', value: (r) => r.label },
        { label: 'Cash', value: (r) => money(r.cash), cell: (r) => [r.label, 'cash'] },
        { label: 'Debt', value: (r) => money(r.debt), cell: (r) => [r.label, 'debt'] },
      ]}
    >
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} />
        <YAxis tick={AXIS_TICK} tickFormatter={axisMoney} {...zeroBasedAxis(rows.flatMap((r) => [r.cash, r.debt]))} width={64} />
        <Tooltip formatter={tooltipFormatter((v) => money(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder('cash', 'debt')} />
        <Bar dataKey="cash" name="Cash" fill={COLORS.good} radius={[4, 4, 0, 0]} {...STATIC} />
        <Bar dataKey="debt" name="Debt" fill={COLORS.bad} radius={[4, 4, 0, 0]} {...STATIC} />
      </BarChart>
    </ChartFrame>
  );
}

/** Q7: earnings and cash-flow return on the price against the 10-year Treasury. */
export function YieldsChart({ rows, label }: { rows: YieldRow[]; label: string }) {
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[
        { label: 'Period', value: (r) => r.label },
        { label: 'Earnings return', value: (r) => pct(r.earningsReturnPct, 2), cell: (r) => [r.label, 'earningsReturnPct'] },
        { label: 'Cash flow return', value: (r) => pct(r.cashFlowReturnPct, 2), cell: (r) => [r.label, 'cashFlowReturnPct'] },
        { label: 'Govt bond', value: (r) => pct(r.govtBondPct, 2), cell: (r) => [r.label, 'govtBondPct'] },
      ]}
    >
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} />
        <YAxis tick={AXIS_TICK} tickFormatter={axisPct} width={44} />
        <Tooltip formatter={tooltipFormatter((v) => pct(v, 2))} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder('earningsReturnPct', 'cashFlowReturnPct', 'govtBondPct')} />
        <ReferenceLine y={0} stroke={COLORS.muted} />
        <Bar dataKey="earningsReturnPct" name="Earnings return" fill={COLORS.primary} {...STATIC} />
        <Bar dataKey="cashFlowReturnPct" name="Cash flow return" fill={COLORS.secondary} {...STATIC} />
        <Bar dataKey="govtBondPct" name="Govt bond" fill={COLORS.muted} {...STATIC} />
      </BarChart>
    </ChartFrame>
  );
}

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
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[
        { label: 'Yardstick', value: (r) => r.name },
        { label: '3-year low', value: (r) => `${r.min.toFixed(1)}x`, cell: (r) => [r.name, 'min'] },
        { label: 'Today', value: (r) => `${r.current.toFixed(1)}x`, cell: (r) => [r.name, 'current'] },
        { label: '3-year high', value: (r) => `${r.max.toFixed(1)}x`, cell: (r) => [r.name, 'max'] },
      ]}
    >
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="name" tick={AXIS_TICK} />
        <YAxis tick={AXIS_TICK} tickFormatter={(v: number) => `${v}x`} width={44} />
        <Tooltip formatter={tooltipFormatter((v) => `${v.toFixed(1)}x`)} />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inDrawingOrder('min', 'current', 'max')} />
        <Bar dataKey="min" name="3-year low" fill={COLORS.good} {...STATIC} />
        <Bar dataKey="current" name="Today" fill={COLORS.primary} {...STATIC} />
        <Bar dataKey="max" name="3-year high" fill={COLORS.bad} {...STATIC} />
      </BarChart>
    </ChartFrame>
  );
}
