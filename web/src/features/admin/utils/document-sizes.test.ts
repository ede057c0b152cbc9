import { describe, expect, it } from 'vitest';

import { kilobytes } from './document-sizes';

describe('kilobytes', () => {
  it('shows bytes as kilobytes with one decimal', () => {
    // The Uber FY2021 10-K PDF in the snapshot is 1,880,483 bytes.
    expect(kilobytes(1_880_483)).toBe('1,836.4 KB');
    expect(kilobytes(512)).toBe('0.5 KB');
    expect(kilobytes(0)).toBe('0.0 KB');
  });

  it('shows a dash while there is no size yet', () => {
    expect(kilobytes(null)).toBe('—');
    expect(kilobytes(undefined)).toBe('—');
  });
});
