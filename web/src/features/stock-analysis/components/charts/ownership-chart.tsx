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
  // Missing data is said, never drawn as "Retail 100%": with no holders data at all there is
  // no pie, and with only an insider estimate the rest is "everyone else", not retail.
  if (insidersPct == null && institutionsPct == null && retailPct == null) {
    return (
      <figure aria-label={label} className="w-full">
        <p data-testid="ownership-missing" className="rounded-xl bg-amber-50 p-3 text-sm text-stone-700">
          No ownership data for this company, so I can't say who owns it, and I don't score what I don't know.
        </p>
      </figure>
    );
  }
  const everyoneElse = institutionsPct == null && retailPct == null && insidersPct != null ? Math.max(0, 100 - insidersPct) : null;
  const rows =
    everyoneElse != null
      ? [
          { name: 'Insiders', value: insidersPct, fill: COLORS.primary, field: 'insidersPct' },
          { name: 'Everyone else (institutions and retail)', value: everyoneElse, fill: COLORS.tertiary, field: 'everyoneElsePct' },
        ]
      : [
          { name: 'Insiders', value: insidersPct, fill: COLORS.primary, field: 'insidersPct' },
          { name: 'Institutions', value: institutionsPct, fill: COLORS.secondary, field: 'institutionsPct' },
          { name: 'Retail', value: retailPct, fill: COLORS.tertiary, field: 'retailPct' },
        ];
  const drawn = rows.filter((r) => r.value != null && r.value > 0);
  return (
    <ChartFrame
      label={label}
      rows={rows}
      columns={[{ label: 'Owner', value: (r) => r.name }, { label: 'Share', value: (r) => pct(r.value), cell: (r) => ['', r.field] }]}
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
