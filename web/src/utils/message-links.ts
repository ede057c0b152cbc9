/**
 * A reply split into text and links: the assistant cites sources as `[label](url)`, which the
 * widget renders as anchors. Only http(s) and same-site paths become links; anything else
 * stays text, so a reply can never inject a `javascript:` URL.
 */
export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

export function segments(content: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of content.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    const at = match.index;
    if (!isSafeHref(href)) continue;
    if (at > last) out.push({ kind: 'text', text: content.slice(last, at) });
    out.push({ kind: 'link', text: label, href });
    last = at + whole.length;
  }
  if (last < content.length) out.push({ kind: 'text', text: content.slice(last) });
  return out;
}

export function isSafeHref(href: string): boolean {
  return /^https?:\/\//i.test(href) || (href.startsWith('/') && !href.startsWith('//'));
}
