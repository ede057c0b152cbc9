import { type ReactNode, useEffect } from 'react';

import type { ChartSources, Derivation, MarketSource, Provenance } from '@/types/analysis';
import { compact, dollars, money, pct, shortDate } from '@/utils/format';

import { sourceAnchor } from './charts/chart-sources';

const secFilingUrl = (cik: number | null | undefined, accn: string) =>
  cik ? `https://www.sec.gov/Archives/edgar/data/${cik}/${accn.replace(/-/g, '')}/` : null;

function formatFigure(p: Provenance): string {
  if (p.unit === 'USD') return money(p.value);
  if (p.unit === 'shares') return `${compact(p.value)} shares`;
  if (p.unit === 'pure' || p.unit === '%') return String(p.value);
  return `${compact(p.value)} ${p.unit}`;
}

function formatDerived(d: Derivation): string {
  if (d.unit === 'USD') return money(d.value);
  if (d.unit === 'times') return `${d.value.toFixed(1)}x`;
  return pct(d.value, 2);
}

function formatMarket(m: MarketSource): string {
  if (m.unit === 'USD per share') return dollars(m.value);
  return pct(m.value, 2);
}

type ProvenanceListProps = {
  /** The figures the score used. */
  items: Provenance[];
  cik?: number | null;
  /** Where every chart number came from; its rows carry the anchors the chart's table links to. */
  sources?: ChartSources;
  question?: number;
  /** The label of the source a chart number was clicked for: marked and scrolled to. */
  highlight?: string | null;
};

const CELL = 'px-2 py-1';

/** One of the three source tables: its caption, column headings and rows. */
function SourceTable({ caption, headings, children }: { caption: string; headings: string[]; children: ReactNode }) {
  return (
    <table className="w-full text-left text-xs">
      <caption className="text-left font-semibold text-stone-700">{caption}</caption>
      <thead className="text-stone-500">
        <tr className="border-b border-amber-200">
          {headings.map((h) => (
            <th key={h} scope="col" className={CELL}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * Where each number of a question came from: filing figures (filing, period and dates),
 * numbers worked out from them (formula and inputs) and market data (provider and date).
 */
export function ProvenanceList({ items, cik, sources, question = 0, highlight }: ProvenanceListProps) {
  const anchor = (label: string) => sourceAnchor(question, label);
  const scored = new Set(items.map((p) => p.label));
  const figures = [...items, ...(sources?.figures ?? []).filter((p) => !scored.has(p.label))];
  const derivations = sources?.derivations ?? [];
  const market = sources?.market ?? [];

  useEffect(() => {
    if (!highlight) return;
    const row = document.getElementById(sourceAnchor(question, highlight));
    if (row && typeof row.scrollIntoView === 'function') row.scrollIntoView({ block: 'center' });
  }, [highlight, question]);

  if (figures.length === 0 && derivations.length === 0 && market.length === 0) {
    return <p className="text-sm text-stone-600">This one leans on market data (prices, rates or holders) rather than a filing.</p>;
  }
  const rowClass = (label: string) => `border-b border-amber-50 align-top ${label === highlight ? 'bg-amber-100' : ''}`;
  const inputLink = (label: string) => (
    <a key={label} href={`#${anchor(label)}`} className="mr-2 inline-block text-amber-900 underline decoration-dotted">
      {label}
    </a>
  );
  return (
    <div className="space-y-3 overflow-x-auto">
      {figures.length > 0 ? (
        <SourceTable caption="From the filings" headings={['Figure', 'Value', 'Period', 'Filing', 'Filed']}>
          {figures.map((p, i) => {
            const url = secFilingUrl(cik, p.accn);
            return (
              <tr key={`${p.label}-${i}`} id={anchor(p.label)} className={rowClass(p.label)}>
                <td className={CELL}>
                  {p.label}
                  {scored.has(p.label) ? <span className="ml-1 text-[10px] text-amber-800">(scored)</span> : null}
                  <span className="block font-mono text-[10px] break-all text-stone-500">{p.concept}</span>
                </td>
                <td className={`${CELL} font-mono`}>{formatFigure(p)}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {p.start ? `${shortDate(p.start)} to ` : 'as of '}
                  {shortDate(p.end)}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {url ? (
                    <a href={url} target="_blank" rel="noopener noreferrer" className="text-amber-900 underline">
                      {p.form} {p.accn}
                    </a>
                  ) : (
                    `${p.form} ${p.accn}`
                  )}
                </td>
                <td className={`${CELL} whitespace-nowrap`}>{shortDate(p.filed)}</td>
              </tr>
            );
          })}
        </SourceTable>
      ) : null}
      {derivations.length > 0 ? (
        <SourceTable caption="Worked out from those" headings={['Figure', 'Value', 'How', 'From']}>
          {derivations.map((d) => (
            <tr key={d.label} id={anchor(d.label)} className={rowClass(d.label)}>
              <td className={CELL}>{d.label}</td>
              <td className={`${CELL} font-mono`}>{formatDerived(d)}</td>
              <td className={CELL}>{d.formula}</td>
              <td className={CELL}>{d.inputs.map(inputLink)}</td>
            </tr>
          ))}
        </SourceTable>
      ) : null}
      {market.length > 0 ? (
        <SourceTable caption="From market data" headings={['Figure', 'Value', 'Source', 'Date']}>
          {market.map((m) => (
            <tr key={m.label} id={anchor(m.label)} className={rowClass(m.label)}>
              <td className={CELL}>{m.label}</td>
              <td className={`${CELL} font-mono`}>{formatMarket(m)}</td>
              <td className={CELL}>{m.source}</td>
              <td className={`${CELL} whitespace-nowrap`}>{m.date ? shortDate(m.date) : 'n/a'}</td>
            </tr>
          ))}
        </SourceTable>
      ) : null}
    </div>
  );
}
