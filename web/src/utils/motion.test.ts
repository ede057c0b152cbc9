import { afterEach, describe, expect, it, vi } from 'vitest';

import { scrollBehavior } from './motion';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
}

describe('scrollBehavior', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('jumps instead of gliding when the system asks for reduced motion', () => {
    prefersReducedMotion(true);
    expect(scrollBehavior()).toBe('auto');
  });

  it('glides otherwise', () => {
    prefersReducedMotion(false);
    expect(scrollBehavior()).toBe('smooth');
  });
});
