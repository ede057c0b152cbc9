import type { AdminStock } from '@/types/generated/AdminStock';
import type { NewsletterSettings } from '@/types/generated/NewsletterSettings';

/** The spec's validation messages (spec 001 section 5). */
export const MESSAGES = {
  noStocks: 'Please select at least one stock to analyze',
  noPrompt: 'Please choose a template or write a custom prompt',
} as const;

/** Spec 001 section 9: medium, intermediate, roast, sections, charts on. */
export const DEFAULT_SETTINGS: NewsletterSettings = {
  length: 'medium',
  readerLevel: 'intermediate',
  analystAttitude: 'roast',
  format: 'sections',
  includeCharts: true,
};

export const LENGTHS = [
  { value: 'short', label: 'Short (2-3 min)' },
  { value: 'medium', label: 'Medium (5-7 min)' },
  { value: 'long', label: 'Long (10+ min)' },
] as const;

export const READER_LEVELS = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'advanced', label: 'Advanced' },
] as const;

export const ATTITUDES = [
  { value: 'respectful', label: 'Respectful' },
  { value: 'skeptical', label: 'Skeptical' },
  { value: 'roast', label: 'Roast' },
] as const;

export const FORMATS = [
  { value: 'sections', label: 'Sections' },
  { value: 'bullets', label: 'Bullet points' },
] as const;

/** What the page sends: a custom prompt when one is written, else the chosen template. */
export type PromptChoice = { templateId: string | null; customPrompt: string };

/** The first problem with the form, in the spec's words; `null` when it can be sent. */
export function validateNewsletter(selected: string[], choice: PromptChoice): string | null {
  if (selected.length === 0) return MESSAGES.noStocks;
  if (!choice.customPrompt.trim() && !choice.templateId) return MESSAGES.noPrompt;
  return null;
}

/** `prompt` and `isCustomPrompt` of the request body. */
export function promptFields(choice: PromptChoice): { prompt: string; isCustomPrompt: boolean } {
  const custom = choice.customPrompt.trim();
  if (custom) return { prompt: custom, isCustomPrompt: true };
  return { prompt: choice.templateId ?? '', isCustomPrompt: false };
}

/** Best score first, then symbol (the list's order). */
export const byScore = (stocks: AdminStock[]) =>
  [...stocks].sort((a, b) => b.score - a.score || a.symbol.localeCompare(b.symbol));

/** Adds to `selected` (keeping its order) the symbols not in it yet. */
const union = (selected: string[], more: string[]) => [...selected, ...more.filter((s) => !selected.includes(s))];

/**
 * The stocks the quick picks may feature, in the Top 25's order: ranked ones only (the server
 * leaves provisional scores and scores with a data fault unranked, and lists no preferreds).
 */
const ranked = (stocks: AdminStock[]) =>
  stocks.filter((s) => s.rank != null).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));

/** '+ Top 5 Scores': the five best-ranked stocks join the selection. */
export const addTopFive = (stocks: AdminStock[], selected: string[]) =>
  union(selected, ranked(stocks).slice(0, 5).map((s) => s.symbol));

/** '+ All 80+ Scores': every ranked stock scoring 80 or more joins the selection. */
export const addEightyPlus = (stocks: AdminStock[], selected: string[]) =>
  union(
    selected,
    ranked(stocks)
      .filter((s) => s.score >= 80)
      .map((s) => s.symbol),
  );

/** Newsletter list colours (spec 001 section 9): 80 or more green, 60 or more yellow, else red. */
export function newsletterScoreClass(score: number): string {
  if (score >= 80) return 'text-green-700';
  if (score >= 60) return 'text-amber-700';
  return 'text-red-700';
}

/** Stocks whose symbol or company name contains the search text. */
export function filterStocks(stocks: AdminStock[], search: string): AdminStock[] {
  const q = search.trim().toLowerCase();
  if (!q) return stocks;
  return stocks.filter((s) => s.symbol.toLowerCase().includes(q) || s.companyName.toLowerCase().includes(q));
}
