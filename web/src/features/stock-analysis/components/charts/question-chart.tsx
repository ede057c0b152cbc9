import type { Chart } from '@/types/analysis';

import { CashDebtChart, CashFlowsChart, ForwardChart, MarginsChart, RatiosChart, RevenueExpensesChart, ValueGrowthChart, YieldsChart } from './cartesian-charts';
import { NoChartData } from './chart-kit';
import { OwnershipChart } from './ownership-chart';
import { ShortInterestChart } from './short-interest-chart';

/** True when a chart has at least one number to draw. */
export function hasChartData(chart: Chart): boolean {
  const anyNumber = (values: Array<number | null | undefined>) => values.some((v) => v != null && Number.isFinite(v));
  switch (chart.type) {
    case 'valueGrowth':
      return anyNumber(chart.rows.map((r) => r.value));
    case 'revenueExpenses':
      return anyNumber(chart.rows.flatMap((r) => [r.revenue, r.expense]));
    case 'margins':
      return anyNumber(chart.rows.flatMap((r) => [r.grossPct, r.netPct]));
    case 'cashFlows':
      return anyNumber(chart.rows.flatMap((r) => [r.operating, r.capex, r.free]));
    case 'cashDebt':
      return anyNumber(chart.rows.flatMap((r) => [r.cash, r.debt]));
    case 'yields':
      return anyNumber(chart.rows.flatMap((r) => [r.earningsReturnPct, r.cashFlowReturnPct, r.govtBondPct]));
    case 'forward':
      return anyNumber([chart.forwardYieldPct, chart.treasuryPct]);
    case 'ratios':
      return chart.rows.length > 0;
    case 'ownership':
      return anyNumber([chart.insidersPct, chart.institutionsPct, chart.retailPct]);
    case 'shortInterest':
      return anyNumber([chart.shortPct]);
    default:
      return false;
  }
}

/** The chart of one question, by the record's tagged chart type. */
export function QuestionChart({ chart, title, number }: { chart: Chart; title: string; number: number }) {
  if (!hasChartData(chart)) return <NoChartData />;
  switch (chart.type) {
    case 'valueGrowth':
      return (
        <ValueGrowthChart
          rows={chart.rows}
          label={title}
          unit={number === 10 ? 'shares' : 'money'}
          name={number === 10 ? 'Diluted shares' : number === 3 ? 'Earnings' : 'Revenue'}
        />
      );
    case 'revenueExpenses':
      return <RevenueExpensesChart rows={chart.rows} label={title} />;
    case 'margins':
      return <MarginsChart rows={chart.rows} label={title} />;
    case 'cashFlows':
      return <CashFlowsChart rows={chart.rows} label={title} />;
    case 'cashDebt':
      return <CashDebtChart rows={chart.rows} label={title} />;
    case 'yields':
      return <YieldsChart rows={chart.rows} label={title} />;
    case 'forward':
      return <ForwardChart forwardYieldPct={chart.forwardYieldPct} treasuryPct={chart.treasuryPct} label={title} />;
    case 'ratios':
      return <RatiosChart rows={chart.rows} label={title} />;
    case 'ownership':
      return <OwnershipChart {...chart} label={title} />;
    case 'shortInterest':
      return <ShortInterestChart shortPct={chart.shortPct} settlementDate={chart.settlementDate} label={title} />;
    default:
      return <NoChartData />;
  }
}
