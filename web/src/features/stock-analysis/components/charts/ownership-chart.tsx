import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';

import { pct } from '@/utils/format';

import { ChartFrame, COLORS, STATIC, tooltipFormatter } from './chart-kit';

type OwnershipChartProps = {
  insidersPct: number | null;
  institutionsPct: number | null;
  retailPct: number | null;
  estimated: boolean;
  label: string;
};

/** Q11: who owns the company, as slices of one pie. */
export function OwnershipChart({ insidersPct, institutionsPct, retailPct, estimated, label }: OwnershipChartProps) {
  const rows = [
    { name: 'Insiders', value: insidersPct, fill: COLORS.primary },
    { name: 'Institutions', value: institutionsPct, fill: COLORS.secondary },
    { name: 'Retail', value: retailPct, fill: COLORS.tertiary },
  ];
  const drawn = rows.filter((r) => r.value != null && r.value > 0);
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[{ label: 'Owner', value: (r) => r.name }, { label: 'Share', value: (r) => pct(r.value) }]}
      note={estimated ? 'Insider share estimated from the 10-K cover page; holders data was not available.' : undefined}
    >
      <PieChart>
        <Tooltip formatter={tooltipFormatter((v) => pct(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Pie data={drawn} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" label={({ value }) => pct(Number(value), 0)} {...STATIC}>
          {drawn.map((row) => (
            <Cell key={row.name} fill={row.fill} />
          ))}
        </Pie>
      </PieChart>
    </ChartFrame>
  );
}
