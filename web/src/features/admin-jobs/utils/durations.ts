/** "45 s", "12 min", "3 h", "2 days": how long something has waited, for the overview. */
export function waited(secs: number | null): string {
  if (secs === null) return '—';
  if (secs < 60) return `${secs} s`;
  if (secs < 3600) return `${Math.floor(secs / 60)} min`;
  if (secs < 86_400) return `${Math.floor(secs / 3600)} h`;
  const days = Math.floor(secs / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A timestamp as the admin's local date and time, or a dash. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString();
}
