import { describe, expect, it } from 'vitest';

import clientRoutes from './client-routes.json';
import { paths } from './paths';

type Entry = { path: string } | { [key: string]: Entry };

function patterns(table: Record<string, Entry>): string[] {
  return Object.values(table).flatMap((entry) => ('path' in entry && typeof entry.path === 'string' ? [entry.path] : patterns(entry as Record<string, Entry>)));
}

describe('client-routes.json', () => {
  // The API reads this list (at compile time) to answer 404 for addresses no page matches;
  // a route added to `paths` but not here would be served with a 404 status.
  it('lists exactly the route patterns of the route table, the catch-all aside', () => {
    const routed = patterns(paths as unknown as Record<string, Entry>).filter((p) => p !== '*');
    expect([...clientRoutes].sort()).toEqual(routed.sort());
  });
});
