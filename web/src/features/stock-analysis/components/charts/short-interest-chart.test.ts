import { describe, expect, it } from 'vitest';

import { LABEL_ROW_PX, labelOffset, SHORT_AXIS_MAX, SHORT_REFERENCE_LINES } from './short-interest-chart';

/** The plot's width on a 390 px phone: page and card padding, the 90 px name axis, the right margin. */
const PHONE_PLOT_PX = 390 - 2 * 16 - 2 * 16 - 90 - 24;
/** About 6.5 px a character at the 11 px label size. */
const CHAR_PX = 6.5;

describe('short interest chart', () => {
  it('places the Low / High / Crazy! labels so none overlaps another at 390 px wide', () => {
    const boxes = SHORT_REFERENCE_LINES.map((line, i) => {
      const text = `${line.label} ${line.value}%`;
      const x = (line.value / SHORT_AXIS_MAX) * PHONE_PLOT_PX;
      const half = (text.length * CHAR_PX) / 2;
      const bottom = -labelOffset(i);
      return { left: x - half, right: x + half, top: bottom - LABEL_ROW_PX, bottom };
    });
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap).toBe(false);
      }
    }
  });
});
