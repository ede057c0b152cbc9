/**
 * Stored note sections are wrapped in double quotes (spec 001 section 3): the
 * admin editor strips them for display and adds them on save; the visitor's
 * notes section strips them too, so nobody reads the storage detail.
 */
export function stripQuotes(text: string): string {
  const t = text.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : text;
}

/**
 * The stored form of a section as the admin sees it. The editor always shows
 * stripped text, so wrapping exactly once round-trips, even for a section that
 * is itself one quotation.
 */
export function wrapQuotes(text: string): string {
  return `"${text}"`;
}
