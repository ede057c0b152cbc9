import type { Provenance } from '@/types/analysis';
import { compact, money, shortDate } from '@/utils/format';

const secFilingUrl = (cik: number | null | undefined, accn: string) =>
  cik ? `https://www.sec.gov/Archives/edgar/data/${cik}/${accn.replace(/-/g, '')}/` : null;

function formatFigure(p: Provenance): string {
  if (p.unit === 'USD') return money(p.value);
  if (p.unit === 'shares') return `${compact(p.value)} shares`;
  if (p.unit === 'pure' || p.unit === '%') return String(p.value);
  return `${compact(p.value)} ${p.unit}`;
}

/** Where each figure of a question came from: filing, period and dates. */
export function ProvenanceList({ items, cik }: { items: Provenance[]; cik?: number | null }) {
  if (items.length === 0) {
    return <p className="text-sm text-stone-600">This one leans on market data (prices, rates or holders) rather than a filing.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs">
        <thead className="text-stone-500">
          <tr className="border-b border-amber-200">
            <th scope="col" className="px-2 py-1">Figure</th>
            <th scope="col" className="px-2 py-1">Value</th>
            <th scope="col" className="px-2 py-1">Period</th>
            <th scope="col" className="px-2 py-1">Filing</th>
            <th scope="col" className="px-2 py-1">Filed</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p, i) => {
            const url = secFilingUrl(cik, p.accn);
            return (
              <tr key={`${p.label}-${i}`} className="border-b border-amber-50 align-top">
                <td className="px-2 py-1">
                  {p.label}
                  <span className="block font-mono text-[10px] break-all text-stone-400">{p.concept}</span>
                </td>
                <td className="px-2 py-1 font-mono">{formatFigure(p)}</td>
                <td className="px-2 py-1 whitespace-nowrap">
                  {p.start ? `${shortDate(p.start)} to ` : 'as of '}
                  {shortDate(p.end)}
                </td>
                <td className="px-2 py-1 whitespace-nowrap">
                  {url ? (
                    <a href={url} target="_blank" rel="noopener noreferrer" className="text-amber-900 underline">
                      {p.form} {p.accn}
                    </a>
                  ) : (
                    `${p.form} ${p.accn}`
                  )}
                </td>
                <td className="px-2 py-1 whitespace-nowrap">{shortDate(p.filed)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
