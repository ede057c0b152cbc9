import { createContext, useContext } from 'react';

import type { ChartSources } from '@/types/analysis';

/**
 * The sources of the question card's chart, handed to every "See the numbers" table
 * through context (the charts draw numbers; the card knows where they came from).
 * `show` opens the card's "Where do these numbers come from?" list at one source.
 */
export type ChartSourceLinks = {
  question: number;
  sources: ChartSources;
  show: (label: string) => void;
};

/**
 * No sources: what a record stored before chart sources existed has (the API fills them in
 * when it reads the record; this guards a record that reaches the page without them).
 */
export const NO_SOURCES: ChartSources = { figures: [], derivations: [], market: [], cells: [] };

export const ChartSourcesContext = createContext<ChartSourceLinks | null>(null);

export const useChartSources = () => useContext(ChartSourcesContext);

/** The id of a source's row in the card's source list (labels are unique per question). */
export function sourceAnchor(question: number, label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `q${question}-source-${slug}`;
}

/** The label of the source of one cell: its row ('' for single-value charts) and field. */
export function cellSource(sources: ChartSources | undefined, row: string, column: string): string | undefined {
  return sources?.cells.find((c) => c.row === row && c.column === column)?.source;
}
