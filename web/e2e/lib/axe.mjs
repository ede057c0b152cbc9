// axe-core run inside the page: its source (from the npm package, never a CDN) is evaluated
// through the devtools protocol (a script tag would be refused by the app's CSP, rightly), then
// `axe.run` checks the whole document against WCAG 2.x A and AA and axe's best practices.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Impacts the suite refuses; "minor" and "moderate" findings are reported but do not fail. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe on the current page and returns the serious and critical violations, each as a
 * short line a person can act on: rule, impact, how many nodes and the first node's selector
 * and failure summary (e.g. the measured contrast ratio).
 */
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => BLOCKING.has(v.impact))
    .map((v) => {
      const node = v.nodes[0];
      return `${v.id} (${v.impact}, ${v.nodes.length} node(s)): ${node.target.join(' ')} - ${node.failureSummary?.replace(/\s+/g, ' ')}`;
    });
}
