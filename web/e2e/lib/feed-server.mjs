// A local feed host for the end-to-end run: serves a Substack-format RSS feed (channel with
// <generator>Substack</generator>, items with <description> and <content:encoded> HTML) at
// /feed. The API gets its address in CONTENT_FEEDS, so the scheduler's first hourly
// SyncContent job (the real job, on the embedded worker) reads it at start-up.
// No thumbnails: the page's CSP allows https images only, and this server is plain http.
import { createServer } from 'node:http';

const DAY_MS = 24 * 3600 * 1000;

export const FEED_POSTS = [
  { slug: 'boring-companies', title: 'Why I Still Like Boring Companies', description: 'Steady earnings beat flashy stories & big promises', daysAgo: 1 },
  { slug: 'dividends-sweet-tea', title: 'Dividends, Explained Over Sweet Tea', description: 'What a dividend is, and why it matters', daysAgo: 3 },
  { slug: 'debt-tractor-boat', title: 'Borrowing for a Tractor Is Not Borrowing for a Boat', description: 'Good debt, bad debt, and how to tell them apart', daysAgo: 6 },
  { slug: 'reading-a-10k', title: 'Reading a 10-K on the Porch', description: 'The three parts of an annual report that matter', daysAgo: 9 },
];

function rss(now) {
  const items = FEED_POSTS.map(
    (p) => `<item><title><![CDATA[${p.title}]]></title><description><![CDATA[${p.description}]]></description>` +
      `<link>https://bubbasporch.substack.com/p/${p.slug}</link>` +
      `<guid isPermaLink="false">https://bubbasporch.substack.com/p/${p.slug}</guid>` +
      `<dc:creator><![CDATA[Bubba]]></dc:creator><pubDate>${new Date(now - p.daysAgo * DAY_MS).toUTCString()}</pubDate>` +
      `<content:encoded><![CDATA[<p>${'Plain talk about stocks for regular folks. '.repeat(50)}</p><script>alert("no")</script>]]></content:encoded></item>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" version="2.0"><channel><title><![CDATA[Bubba's Porch]]></title><description><![CDATA[Plain talk about stocks for regular folks.]]></description><link>https://bubbasporch.substack.com</link><generator>Substack</generator><lastBuildDate>${new Date(now).toUTCString()}</lastBuildDate>${items}</channel></rss>`;
}

export async function startFeedServer() {
  const server = createServer((req, res) => {
    if (req.url === '/feed') {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      return res.end(rss(Date.now()));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('no such feed');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    env: { CONTENT_FEEDS: `http://127.0.0.1:${port}/feed` },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
