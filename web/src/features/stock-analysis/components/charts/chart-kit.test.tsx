import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ChartFrame } from './chart-kit';

/** Stands in for a recharts chart (ChartFrame hands its child the sizing props). */
function FakeChart() {
  return <svg />;
}

describe('ChartFrame', () => {
  it('describes the chart to screen readers with its summary sentence and its table of numbers', () => {
    render(
      <ChartFrame
        label="Revenue over 3 years"
        rows={[
          { label: 'FY2022', value: '$1.0B' },
          { label: 'FY2024', value: '$3.0B' },
        ]}
        columns={[
          { label: 'Period', value: (r) => r.label },
          { label: 'Revenue', value: (r) => r.value },
        ]}
      >
        <FakeChart />
      </ChartFrame>,
    );
    const figure = screen.getByRole('figure', { name: 'Revenue over 3 years' });
    expect(figure).toHaveAccessibleDescription(/^Revenue went from \$1\.0B in FY2022 to \$3\.0B in FY2024\./);
    // The table is part of the description even while "See the numbers" is closed.
    expect(figure).toHaveAccessibleDescription(/FY2024 \$3\.0B/);
    expect(screen.getByTestId('chart-summary')).toBeVisible();
  });
});
