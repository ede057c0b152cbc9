import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { sampleRecord } from '@/testing/fixtures/analysis-record';
import type { QuestionPeers, QuestionResult } from '@/types/analysis';

import { QuestionCard } from './question-card';

const margins: QuestionResult = { ...sampleRecord.questions[3]!, number: 4, score: 2, band: 'red', metric: 2.86, metricName: 'net margin %' };

const compared: QuestionPeers = {
  number: 4,
  metricName: 'net margin %',
  group: 'general merchandise stores',
  groupCode: '53',
  level: 'industryGroup',
  count: 12,
  computedOn: '2026-08-18',
  note: null,
  comparison: {
    median: 2.5,
    p25: 1.9,
    p75: 3.4,
    companyFigure: '2.9%',
    medianFigure: '2.5%',
    p25Figure: '1.9%',
    p75Figure: '3.4%',
    standing: 'middleHalf',
    grade: 'Middle half of its peers',
    band: 'yellow',
  },
  sentence: 'Thin margins, but normal for general merchandise stores: the median one keeps 2.5 cents of each dollar of sales.',
};

describe('a question next to its peers', () => {
  it("shows the sector median beside the company's figure, the middle half, the count and the sector grade", () => {
    render(<QuestionCard question={margins} open onToggle={() => {}} peers={compared} />);
    const box = within(screen.getByTestId('peer-comparison'));
    const figure = (term: string) => box.getByText(term).nextElementSibling;
    expect(figure('This company')).toHaveTextContent('2.9%');
    expect(figure('Sector median')).toHaveTextContent('2.5%');
    expect(figure('Middle half of peers')).toHaveTextContent('1.9% to 3.4%');
    expect(box.getByText(/Thin margins, but normal for general merchandise stores/)).toBeInTheDocument();
    expect(box.getByText('Middle half of its peers')).toHaveAttribute('data-band', 'yellow');
    expect(box.getByText(/Compared with 12 scored general merchandise stores \(SIC group 53\)/)).toBeInTheDocument();
    // The absolute grade is untouched: still 2/10.
    expect(screen.getByText('2/10')).toBeInTheDocument();
  });

  it('says why the division is used when the industry group is small', () => {
    const wider: QuestionPeers = {
      ...compared,
      group: 'retailers',
      groupCode: 'G',
      level: 'division',
      count: 15,
      note: 'General merchandise stores: only 4 scored on this, so this compares with all retailers.',
    };
    render(<QuestionCard question={margins} open onToggle={() => {}} peers={wider} />);
    expect(screen.getByTestId('peer-comparison')).toHaveTextContent(
      'Compared with 15 scored retailers (SIC division G) on net margin %, as of 2026-08-18. General merchandise stores: only 4 scored on this',
    );
  });

  it('with too few peers says so instead of grading', () => {
    const few: QuestionPeers = {
      ...compared,
      group: 'retailers',
      groupCode: 'G',
      level: 'division',
      count: 6,
      comparison: null,
      sentence: 'Too few peers to compare (4 scored among general merchandise stores, 6 among all retailers); Bubba wants at least 10.',
    };
    render(<QuestionCard question={margins} open onToggle={() => {}} peers={few} />);
    const box = screen.getByTestId('peer-comparison');
    expect(box).toHaveTextContent('Too few peers to compare (4 scored among general merchandise stores, 6 among all retailers)');
    expect(screen.queryByText('Sector median')).not.toBeInTheDocument();
    expect(screen.queryByText(/of its peers/)).not.toBeInTheDocument();
  });

  it('shows nothing about peers when the company has none to compare with (no SIC code)', () => {
    render(<QuestionCard question={margins} open onToggle={() => {}} />);
    expect(screen.queryByTestId('peer-comparison')).not.toBeInTheDocument();
  });
});
