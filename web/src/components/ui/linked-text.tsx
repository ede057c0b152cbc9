import { Link } from 'react-router';

import { segments } from '@/utils/message-links';

/**
 * Text with `[label](url)` links rendered as anchors (same-site paths through the router, other
 * sites in a new tab). A link that follows a word with no space gets one, so "any stock.[Sign Up
 * Free](/auth)" does not read as "stock.Sign Up Free".
 */
export function LinkedText({ content, linkClassName = 'font-medium text-amber-800 underline' }: { content: string; linkClassName?: string }) {
  const parts = segments(content);
  return (
    <>
      {parts.map((s, i) => {
        if (s.kind === 'text') return <span key={i}>{s.text}</span>;
        const before = parts[i - 1];
        // Not after an opening bracket or quote: "([10-K](url))" stays "(10-K)".
        const gap = before?.kind === 'link' || (before?.kind === 'text' && /[\w.,;:!?]$/.test(before.text)) ? ' ' : null;
        const link = s.href.startsWith('/') ? (
          <Link to={s.href} className={linkClassName}>
            {s.text}
          </Link>
        ) : (
          <a href={s.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
            {s.text}
          </a>
        );
        return (
          <span key={i}>
            {gap}
            {link}
          </span>
        );
      })}
    </>
  );
}
