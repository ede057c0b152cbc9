import { describe, expect, it } from 'vitest';

import { segments } from './message-links';

describe('reply links', () => {
  it('turns [label](url) sources into links and keeps the text around them', () => {
    expect(segments('Owes $82.7B.\n- [Debt 2026-03-28](https://www.sec.gov/a-index.htm) and [page](/stock/AAPL)')).toEqual([
      { kind: 'text', text: 'Owes $82.7B.\n- ' },
      { kind: 'link', text: 'Debt 2026-03-28', href: 'https://www.sec.gov/a-index.htm' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'page', href: '/stock/AAPL' },
    ]);
  });

  it('never makes a link of a script or protocol-relative address', () => {
    expect(segments('[x](javascript:alert(1)) [y](//evil.example)')).toEqual([
      { kind: 'text', text: '[x](javascript:alert(1)) [y](//evil.example)' },
    ]);
  });
});
