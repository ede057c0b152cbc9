import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { RatiosChart } from './cartesian-charts';

/** jsdom has no layout: report a phone-sized box so recharts draws its axes and legend. */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, contentRect: { width: 360, height: 240 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(240);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 360, height: 240, top: 0, left: 0, right: 360, bottom: 240, x: 0, y: 0, toJSON: () => ({}) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('stock page charts', () => {
  it('the ratios legend reads low, today, high, like the bars', async () => {
    render(<RatiosChart label="Price yardsticks" rows={[{ name: 'P/E', min: 20, current: 28, max: 35 }]} />);
    const figure = screen.getByRole('figure', { name: 'Price yardsticks' });
    const items = await within(figure).findAllByText(/^(3-year low|Today|3-year high)$/, { selector: '.recharts-legend-item-text' });
    expect(items.map((i) => i.textContent)).toEqual(['3-year low', 'Today', '3-year high']);
  });

});
