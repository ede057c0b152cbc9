import { CartesianGrid, Line, LineChart, ReferenceArea, Tooltip, XAxis, YAxis } from 'recharts';

import type { Band } from '@/types/analysis';

import type { ChartPoint } from './history-points';

/** Point colours per band (spec 001 section 2: green 70+, yellow 50+, otherwise red). */
const POINT: Record<Band, string> = { green: '#15803d', yellow: '#d97706', red: '#b91c1c' };

type DotProps = { cx?: number; cy?: number; payload?: ChartPoint };

function Dot({ cx, cy, payload }: DotProps) {
  // A quarter without a score is a gap: no dot.
  if (cx === undefined || cy === undefined || !payload?.band || payload.score === null) return null;
  const colour = POINT[payload.band];
  // A provisional score is drawn hollow.
  return (
    <circle
      cx={cx}
      cy={cy}
      r={5}
      stroke={colour}
      strokeWidth={2}
      fill={payload.provisional ? '#fff' : colour}
      data-testid="history-point"
      data-band={payload.band}
    />
  );
}

function TooltipBody({ active, payload }: { active?: boolean; payload?: Array<{ payload: ChartPoint }> }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  if (point.score === null) return <div className="rounded border border-amber-200 bg-white p-2 text-xs shadow">{point.quarter}: no score stored</div>;
  return (
    <div className="rounded border border-amber-200 bg-white p-2 text-xs shadow">
      <p className="font-semibold">
        {point.quarter}: {point.score}
        {point.provisional ? ' (provisional)' : ''}
      </p>
      <p>{point.company}</p>
      <p className="text-stone-500">{point.industry || 'Industry unknown'}</p>
    </div>
  );
}

/** Score by quarter on a 0-100 axis over the three colour bands; a quarter without a score is a gap. */
export function HistoryChart({ points, height = 260 }: { points: ChartPoint[]; height?: number }) {
  return (
    <figure aria-label="Score by quarter" className="w-full">
      <LineChart data={points} responsive style={{ width: '100%', height }} margin={{ top: 10, right: 20, bottom: 5, left: 0 }}>
        <ReferenceArea y1={70} y2={100} fill="#dcfce7" fillOpacity={0.6} ifOverflow="extendDomain" />
        <ReferenceArea y1={50} y2={70} fill="#fef3c7" fillOpacity={0.6} />
        <ReferenceArea y1={0} y2={50} fill="#fee2e2" fillOpacity={0.6} />
        <CartesianGrid strokeDasharray="3 3" stroke="#f5e6c8" />
        <XAxis dataKey="quarter" tick={{ fontSize: 11, fill: '#57534e' }} />
        <YAxis domain={[0, 100]} ticks={[0, 25, 50, 70, 100]} tick={{ fontSize: 11, fill: '#57534e' }} width={36} />
        <Tooltip content={<TooltipBody />} />
        <Line type="monotone" dataKey="score" stroke="#78716c" strokeWidth={2} dot={<Dot />} isAnimationActive={false} />
      </LineChart>
    </figure>
  );
}
