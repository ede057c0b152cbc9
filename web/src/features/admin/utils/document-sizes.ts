/** Bytes as the document list shows them: kilobytes with one decimal ("1,834.2 KB"). */
export function kilobytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  const kb = bytes / 1024;
  return `${kb.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`;
}

/** File types the upload accepts (spec 001 section 5); the server decides by content. */
export const ACCEPTED_FILES = '.pdf,.txt,.html,.htm,.xml';
