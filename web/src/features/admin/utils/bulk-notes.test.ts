import { describe, expect, it } from 'vitest';

import { MESSAGES, type ParsedNotes, SECTIONS, bulkText, parseBulk, previewText } from './bulk-notes';

const full = (): ParsedNotes => ({
  tenKDate: '2026-01-25',
  ...Object.fromEntries(SECTIONS.map(({ id, label }) => [id, `What the 10-K says about ${label}.`])),
});

describe('bulk notes parser', () => {
  it('refuses empty text with the spec message', () => {
    expect(parseBulk('')).toEqual({ ok: false, error: 'Please enter content to parse' });
    expect(parseBulk(' \n\t\n')).toEqual({ ok: false, error: MESSAGES.empty });
  });

  it('parses a full template and says so', () => {
    const result = parseBulk(bulkText(full()));
    expect(result).toEqual({ ok: true, parsed: full(), warning: null, message: 'All sections were parsed successfully!' });
  });

  it('matches headers case-insensitively, keeps multi-line text and ignores lines before any header', () => {
    const result = parseBulk(
      'notes for NVDA\n## 10k date\n2026-01-25\n## COMPANY OVERVIEW\nLine one.\n\n- bullet\n##Not a header\n## risk factors  \nExport rules.',
    );
    expect(result.ok && result.parsed).toEqual({
      tenKDate: '2026-01-25',
      companyOverview: 'Line one.\n\n- bullet\n##Not a header',
      riskFactors: 'Export rules.',
    });
  });

  it('words its warnings as the spec does', () => {
    const noDate = { ...full(), tenKDate: undefined };
    expect(parseBulk(bulkText(noDate))).toMatchObject({ ok: true, warning: '10K Date field is missing or empty' });
    const noCovenants = { ...full(), covenants: '', legalProceedings: '' };
    expect(parseBulk(bulkText(noCovenants))).toMatchObject({
      warning: 'The following sections were not found or empty: Covenants, Legal Proceedings',
    });
    const result = parseBulk('## Company Overview\nChips.');
    expect(result.ok && result.warning).toBe(
      'Missing 10K Date and sections: Revenue Streams, Market Growth, Risk Factors, Financial Performance, Supplier Power, Debt Obligations, Covenants, Management Discussion, Key Performance, Competitive Landscape, Future Outlook, Legal Proceedings, Overall Assessment',
    );
    expect(result.ok && result.message).toBe(result.ok && result.warning);
  });

  it('unknown headers end the section before them and are skipped', () => {
    const result = parseBulk('## Company Overview\nChips.\n## Weather\nSunny.\n## Covenants\nNone.');
    expect(result.ok && result.parsed).toEqual({ companyOverview: 'Chips.', covenants: 'None.' });
  });

  it('truncates previews at 100 characters', () => {
    expect(previewText('a'.repeat(100))).toBe('a'.repeat(100));
    expect(previewText('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });

  // Property: for any section text that has no line starting '## ', template -> parse
  // gives the trimmed text back; and no input at all makes the parser throw.
  it('round-trips random section texts and never throws on random input', () => {
    let seed = 12;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['a', 'Z', ' ', '\n', '#', '#', '"', 'é', '\t', '-', '\r\n', '## ', '1'];
    const junk = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let i = 0; i < 500; i++) {
      const values: ParsedNotes = {};
      for (const { id } of SECTIONS) {
        const text = junk(Math.floor(random() * 40)).replace(/\r\n/g, '\n').trim();
        // A line starting '## ' would be a header by the rule: not section text.
        if (text && !text.split('\n').some((line) => line.startsWith('## '))) values[id] = text;
      }
      const result = parseBulk(bulkText(values) + 'x');
      if (result.ok) {
        const { overallAssessment, ...rest } = result.parsed;
        const { overallAssessment: expectedLast, ...expectedRest } = values;
        expect(rest).toEqual(expectedRest);
        expect(overallAssessment).toBe(((expectedLast ?? '') + '\nx').trim());
      }
      expect(() => parseBulk(junk(200))).not.toThrow();
    }
  });
});
