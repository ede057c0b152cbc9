// The latest-content feed end to end: the API's scheduler runs the real SyncContent job at
// start-up against the local Substack-format feed (lib/feed-server.mjs, in CONTENT_FEEDS),
// and the home page shows the three newest posts as cards.
import assert from 'node:assert/strict';

import { FEED_POSTS } from '../lib/feed-server.mjs';
import { requireEndpoints } from '../lib/helpers.mjs';

export default [
  {
    name: 'content: the home page shows three cards from the served feed',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await requireEndpoints(baseUrl, ['/api/content']);
      // The sync runs on the embedded worker right after start-up; give it a moment.
      for (let i = 0; i < 60; i++) {
        const items = await (await fetch(`${baseUrl}/api/content`)).json();
        if (items.length === 3) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      await page.goto(`${baseUrl}/`);
      const section = page.getByRole('region', { name: 'Fresh off the porch' });
      await section.waitFor();
      const cards = section.getByRole('listitem');
      await cards.nth(2).waitFor();
      assert.equal(await cards.count(), 3);
      const newest = FEED_POSTS.slice(0, 3);
      for (const [i, post] of newest.entries()) {
        const card = cards.nth(i);
        assert.equal(await card.getByRole('heading').innerText(), post.title);
        assert.match(await card.innerText(), /Substack/);
        assert.equal(await card.getByRole('link', { name: 'Read More' }).getAttribute('href'), `https://bubbasporch.substack.com/p/${post.slug}`);
      }
      assert.match(await cards.nth(0).innerText(), /Steady earnings beat flashy stories & big promises/);
      assert.match(await cards.nth(0).innerText(), /2 min read/);
      assert.match(await cards.nth(0).innerText(), /(1 day ago|yesterday)/);
      assert.ok(!(await section.innerText()).includes('alert'), 'no script text reaches the page');
      // Three items fill the limit of three.
      await section.getByRole('link', { name: 'View All Content' }).waitFor();
      expectNoConsoleErrors();
    },
  },
];
