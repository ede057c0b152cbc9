// WCAG AA contrast (4.5:1 for text) of every score band and badge, computed from Tailwind's
// own colour values, so a band the end-to-end data never shows is checked as well as the
// ones axe meets in the browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { describe, expect, it } from 'vitest';

import { BAND_STYLES, NO_DATA_STYLE } from './score-bands';

const theme = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');

/** Linear-light sRGB channels of a Tailwind colour ("green-700", "white"). */
function linearRgb(name: string): [number, number, number] {
  const value = theme.match(new RegExp(`--color-${name}:\\s*([^;]+);`))?.[1]?.trim();
  if (!value) throw new Error(`no Tailwind colour ${name}`);
  if (value === '#fff') return [1, 1, 1];
  if (value === '#000') return [0, 0, 0];
  const oklch = value.match(/^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/);
  if (!oklch) throw new Error(`unread colour ${name}: ${value}`);
  const [l, c, h] = [Number(oklch[1]) / 100, Number(oklch[2]), (Number(oklch[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  // OKLab to linear sRGB (Björn Ottosson's matrices), clipped to the screen's gamut.
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clip(4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3),
    clip(-1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3),
    clip(-0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3),
  ];
}

function luminance(name: string): number {
  const [r, g, b] = linearRgb(name);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two Tailwind classes ("text-white" on "bg-green-700"). */
function contrast(textClass: string, backgroundClass: string): number {
  const [fg, bg] = [luminance(textClass.replace(/^text-/, '')), luminance(backgroundClass.replace(/^bg-/, ''))];
  return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}

const AA_TEXT = 4.5;
const BANDS = ['green', 'yellow', 'red'] as const;

describe('score colours meet WCAG AA for text', () => {
  it.each(BANDS)('%s: the score on its strong fill (badges, the score box)', (band) => {
    const s = BAND_STYLES[band];
    expect(contrast(s.onFill, s.fill)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(BANDS)('%s: the band text on its soft fill (the score strip) and on white', (band) => {
    const s = BAND_STYLES[band];
    expect(contrast(s.text, s.soft)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(s.text, 'bg-white')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(BANDS)("%s: Bubba's comment (stone-800) on the band's soft fill", (band) => {
    expect(contrast('text-stone-800', BAND_STYLES[band].soft)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('an unanswered question reads on its own fill and on white', () => {
    expect(contrast(NO_DATA_STYLE.text, NO_DATA_STYLE.soft)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(NO_DATA_STYLE.text, 'bg-white')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('the measure itself tells a failing pair (yellow text on a yellow fill)', () => {
    expect(contrast('text-amber-400', 'bg-amber-50')).toBeLessThan(AA_TEXT);
    expect(contrast('text-white', 'bg-black')).toBeCloseTo(21, 0);
  });
});
