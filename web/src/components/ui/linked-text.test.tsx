import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { LinkedText } from './linked-text';

const renderText = (content: string) => {
  cleanup();
  const router = createMemoryRouter([{ path: '/', element: <p data-testid="text"><LinkedText content={content} /></p> }]);
  return render(<RouterProvider router={router} />).getByTestId('text');
};

describe('LinkedText', () => {
  it('separates a link from the word before it, but not from an opening bracket', () => {
    expect(renderText('any stock.[Sign Up Free](/auth?signup=true)').textContent).toBe('any stock. Sign Up Free');
    expect(renderText('Owes $82.7B ([Debt 2026](https://www.sec.gov/x)).').textContent).toBe('Owes $82.7B (Debt 2026).');
    expect(renderText('[a](/x)[b](/y)').textContent).toBe('a b');
  });
});
