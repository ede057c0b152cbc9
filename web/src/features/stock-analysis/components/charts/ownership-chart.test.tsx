import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { OwnershipChart } from './ownership-chart';

describe('ownership chart', () => {
  it('says so when there is no ownership data instead of drawing "Retail 100%"', () => {
    render(<OwnershipChart insidersPct={null} institutionsPct={null} retailPct={null} estimated={false} label="Ownership Breakdown" />);
    expect(screen.getByTestId('ownership-missing')).toHaveTextContent('No ownership data');
    expect(screen.queryByText(/Retail/)).not.toBeInTheDocument();
  });

  it('with only an insider estimate, the rest is everyone else, not retail', () => {
    render(<OwnershipChart insidersPct={10.7} institutionsPct={null} retailPct={null} estimated label="Ownership Breakdown" />);
    expect(screen.getByText('Everyone else (institutions and retail)')).toBeInTheDocument();
    expect(screen.queryByText('Retail')).not.toBeInTheDocument();
  });
});
