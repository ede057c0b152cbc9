type SpinnerProps = { label?: string; className?: string };

/** Accessible loading indicator; the label is read by screen readers and tests. */
export function Spinner({ label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-10 ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-amber-200 border-t-amber-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
