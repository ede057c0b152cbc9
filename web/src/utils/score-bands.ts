import type { Band } from '@/types/analysis';

/**
 * Score colour bands (spec 000 section 5). The API also sends `band`; the web
 * recomputes it for lists that carry only a number (Top 25, Compare).
 * Overall 0-100: 70+ green, 50-69 yellow, below 50 red.
 * Per question 0-10: 7+ green, 5-6 yellow, below 5 red. (The guide page's
 * 8/5 reading is only quoted there; the product colours by 7/5.)
 */
export function overallBand(score: number): Band {
  if (score >= 70) return 'green';
  if (score >= 50) return 'yellow';
  return 'red';
}

export function questionBand(score: number): Band {
  if (score >= 7) return 'green';
  if (score >= 5) return 'yellow';
  return 'red';
}

/** Tailwind classes per band: strong fill, soft fill, text. Contrast checked for AA on white. */
export const BAND_STYLES: Record<Band, { fill: string; onFill: string; soft: string; text: string; border: string }> = {
  green: { fill: 'bg-green-700', onFill: 'text-white', soft: 'bg-green-50', text: 'text-green-800', border: 'border-green-600' },
  yellow: { fill: 'bg-amber-400', onFill: 'text-stone-900', soft: 'bg-amber-50', text: 'text-amber-800', border: 'border-amber-400' },
  red: { fill: 'bg-red-700', onFill: 'text-white', soft: 'bg-red-50', text: 'text-red-800', border: 'border-red-600' },
};

export const BAND_LABELS: Record<Band, string> = {
  green: 'Looking sturdy',
  yellow: 'Mixed bag',
  red: 'Shaky boards',
};

/** Neutral styles for a question the filings could not answer. */
export const NO_DATA_STYLE = { fill: 'bg-stone-400', soft: 'bg-stone-50', text: 'text-stone-600', border: 'border-stone-300' };
