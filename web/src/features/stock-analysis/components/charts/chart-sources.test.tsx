import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { sampleRecord } from '@/testing/fixtures/analysis-record';
import type { Provenance, QuestionResult } from '@/types/analysis';

import { MarketValueCard } from '../market-value-card';
import { QuestionCard } from '../question-card';

const revenue = (label: string, value: number, end: string, accn: string): Provenance => ({
  label,
  value,
  concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
  unit: 'USD',
  start: null,
  end,
  form: '10-K',
  filed: '2024-11-01',
  accn,
  firstFiled: '2024-11-01',
});

const question: QuestionResult = {
  number: 1,
  key: 'Q1',
  title: 'Revenue and Revenue Growth %',
  score: 6,
  band: 'yellow',
  metric: 2,
  metricName: '3-year revenue CAGR %',
  comment: 'Sales are creeping up.',
  explainer: 'Revenue is what customers paid.',
  chart: {
    type: 'valueGrowth',
    rows: [
      { label: 'FY2023', value: 383_285_000_000, growthPct: null },
      { label: 'FY2024', value: 391_035_000_000, growthPct: 2.02 },
    ],
  },
  provenance: [],
  sources: {
    figures: [
      revenue('Revenue FY2023', 383_285_000_000, '2023-09-30', '0000320193-23-000106'),
      revenue('Revenue FY2024', 391_035_000_000, '2024-09-28', '0000320193-24-000123'),
    ],
    derivations: [
      {
        label: 'Revenue growth FY2024',
        value: 2.02,
        unit: 'percent',
        formula: '(Revenue FY2024 - Revenue FY2023) / Revenue FY2023, in percent',
        inputs: ['Revenue FY2024', 'Revenue FY2023'],
      },
    ],
    market: [],
    cells: [
      { row: 'FY2023', column: 'value', source: 'Revenue FY2023' },
      { row: 'FY2024', column: 'value', source: 'Revenue FY2024' },
      { row: 'FY2024', column: 'growthPct', source: 'Revenue growth FY2024' },
    ],
  },
};

describe('See the numbers', () => {
  it('links each number to its source row, and opens the source list at it', () => {
    render(<QuestionCard question={question} open onToggle={() => {}} cik={320193} />);
    const table = screen.getByText('See the numbers').closest('details');
    if (!table) throw new Error('no See the numbers table');
    const cell = within(table).getByRole('link', { name: '$391.0B' });
    expect(cell).toHaveAttribute('title', 'Source: Revenue FY2024');
    expect(cell).toHaveAttribute('href', '#q1-source-revenue-fy2024');
    // A number with no source in the record stays plain text.
    expect(within(table).queryByRole('link', { name: 'n/a' })).not.toBeInTheDocument();

    fireEvent.click(cell);
    const row = document.getElementById('q1-source-revenue-fy2024');
    expect(row).not.toBeNull();
    expect(row).toHaveClass('bg-amber-100');
    expect(row).toHaveTextContent('0000320193-24-000123');
  });

  it('a derived number links to how it was worked out and from which figures', () => {
    render(<QuestionCard question={question} open onToggle={() => {}} cik={320193} />);
    fireEvent.click(screen.getByTitle('Source: Revenue growth FY2024'));
    const row = document.getElementById('q1-source-revenue-growth-fy2024');
    if (!row) throw new Error('no derivation row');
    expect(row).toHaveTextContent('(Revenue FY2024 - Revenue FY2023) / Revenue FY2023, in percent');
    expect(within(row).getByRole('link', { name: 'Revenue FY2023' })).toHaveAttribute('href', '#q1-source-revenue-fy2023');
  });
});

describe('market value numbers', () => {
  it('link to the day\'s price and share count they were multiplied from', () => {
    const point = sampleRecord.marketValue[0];
    if (!point) throw new Error('the sample has market values');
    const record = {
      ...sampleRecord,
      marketValueSources: {
        figures: [{ ...revenue('Shares outstanding 2021-09-24', 1e10, '2021-09-24', '0000320193-21-000105'), concept: 'dei:EntityCommonStockSharesOutstanding', unit: 'shares' }],
        derivations: [
          {
            label: `Market value ${point.date}`,
            value: point.marketValue ?? 0,
            unit: 'USD',
            formula: 'Price 2021-09-30 x Shares outstanding 2021-09-24',
            inputs: ['Price 2021-09-30', 'Shares outstanding 2021-09-24'],
          },
        ],
        market: [{ label: 'Price 2021-09-30', value: 230, unit: 'USD per share', source: 'daily closing prices (adjusted for splits and dividends)', date: '2021-09-30' }],
        cells: [{ row: point.date, column: 'marketValue', source: `Market value ${point.date}` }],
      },
    };
    render(<MarketValueCard record={record} />);
    fireEvent.click(screen.getByTitle(`Source: Market value ${point.date}`));
    const row = document.getElementById('q0-source-market-value-2021-09-30');
    if (!row) throw new Error('no market value source row');
    expect(row).toHaveClass('bg-amber-100');
    expect(within(row).getByRole('link', { name: 'Price 2021-09-30' })).toHaveAttribute('href', '#q0-source-price-2021-09-30');
    expect(document.getElementById('q0-source-price-2021-09-30')).toHaveTextContent('daily closing prices');
    // The card says which closes priced the market values.
    expect(screen.getByTestId('price-note')).toHaveTextContent('adjusted for splits and dividends');
  });
});
