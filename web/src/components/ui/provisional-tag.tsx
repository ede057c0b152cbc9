/**
 * The label of a score built on fewer than 9 of 12 answers, with the server's one-line reason
 * ("Provisional: no price history"). One component for the stock page, compare and rankings;
 * `className` sets the look of the place it sits in.
 */
export function ProvisionalTag({ reason, className }: { reason: string | null | undefined; className: string }) {
  return (
    <span data-testid="provisional-score" className={className}>
      Provisional{reason ? `: ${reason}` : ''}
    </span>
  );
}
