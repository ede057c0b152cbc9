/** The All Changes search: symbol, company, industry and sector, case-insensitive. */
export function matchesSearch(
  row: { tickerSymbol: string; companyName: string | null; industry: string | null; sector: string | null },
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [row.tickerSymbol, row.companyName, row.industry, row.sector].some((v) => v?.toLowerCase().includes(q));
}
