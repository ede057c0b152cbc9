import { describe, expect, it } from 'vitest';

import { overallBand, questionBand } from './score-bands';

describe('overall score bands (70 / 50)', () => {
  it.each([
    [100, 'green'],
    [70, 'green'],
    [69, 'yellow'],
    [50, 'yellow'],
    [49, 'red'],
    [0, 'red'],
  ] as const)('%i is %s', (score, band) => {
    expect(overallBand(score)).toBe(band);
  });
});

describe('per-question score bands (7 / 5)', () => {
  it.each([
    [10, 'green'],
    [7, 'green'],
    [6, 'yellow'],
    [5, 'yellow'],
    [4, 'red'],
    [0, 'red'],
  ] as const)('%i is %s', (score, band) => {
    expect(questionBand(score)).toBe(band);
  });
});
