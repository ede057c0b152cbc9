import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { EarningsBanner } from './earnings-banner';

describe('earnings banner', () => {
  it('names the period inside a peak window and warns about slow data', () => {
    render(<EarningsBanner now={new Date('2025-04-22T12:00:00Z')} />);
    expect(screen.getByRole('complementary', { name: 'Earnings season' })).toHaveTextContent('Q1 2025 reports are rolling in');
    expect(screen.getByText(/may load slowly or throw an error/)).toBeInTheDocument();
  });

  it('is absent outside the windows', () => {
    const { container } = render(<EarningsBanner now={new Date('2025-06-15T12:00:00Z')} />);
    expect(container).toBeEmptyDOMElement();
  });
});
