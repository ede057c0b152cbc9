/** A signed score change: "+5", "-3", "0", or "n/a" when it is not known. */
export function Change({ value, label }: { value: number | null; label: string }) {
  if (value == null) return <span className="text-stone-500">n/a</span>;
  const sign = value > 0 ? '+' : '';
  const colour = value > 0 ? 'text-green-800' : value < 0 ? 'text-red-800' : 'text-stone-700';
  return (
    <span className={colour} aria-label={`${label} ${sign}${value}`}>
      {sign}
      {value}
    </span>
  );
}

/** The band's name and colour (70+ green, 50-69 yellow, below 50 red). */
export function BandTag({ band }: { band: string | null }) {
  if (!band) return null;
  const colour =
    band === 'green' ? 'bg-green-100 text-green-900' : band === 'yellow' ? 'bg-yellow-100 text-yellow-900' : 'bg-red-100 text-red-900';
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${colour}`}>{band}</span>;
}
