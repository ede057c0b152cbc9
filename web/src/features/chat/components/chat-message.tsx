import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { ChatMessage } from '../hooks/use-chat';
import { segments } from '../utils/message-links';

const UNVERIFIED = '\u26a0 Unverified:';

/** One bubble: user on the right, Bubba on the left; sources as links, prompts with their button. */
export function ChatMessageBubble({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  const [body, unverified] = splitUnverified(message.content);
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-role={message.role} data-kind={message.kind}>
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap ${
          mine ? 'bg-amber-700 text-white' : 'bg-amber-50 text-stone-800'
        }`}
      >
        <MessageText content={body} />
        {unverified ? (
          <p className="mt-2 rounded bg-yellow-100 px-2 py-1 text-xs text-yellow-900" role="note" data-testid="unverified-numbers">
            {unverified}
          </p>
        ) : null}
        {message.notice === 'out-of-queries' ? (
          <Link to={paths.pricing.getHref()} className="mt-2 inline-block font-semibold text-amber-900 underline">
            Get More Queries
          </Link>
        ) : null}
        {message.notice === 'signup' ? (
          <Link to={paths.auth.getHref({ signup: true })} className="mt-2 inline-block font-semibold text-amber-900 underline">
            Sign Up Free
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function MessageText({ content }: { content: string }) {
  return (
    <>
      {segments(content).map((s, i) => {
        if (s.kind === 'text') return <span key={i}>{s.text}</span>;
        if (s.href.startsWith('/')) {
          return (
            <Link key={i} to={s.href} className="font-medium text-amber-800 underline">
              {s.text}
            </Link>
          );
        }
        return (
          <a key={i} href={s.href} target="_blank" rel="noopener noreferrer" className="font-medium text-amber-800 underline">
            {s.text}
          </a>
        );
      })}
    </>
  );
}

/** The reply and the server's unverified-numbers note, which is shown with a marker. */
function splitUnverified(content: string): [string, string | null] {
  const at = content.lastIndexOf(UNVERIFIED);
  if (at < 0) return [content, null];
  return [content.slice(0, at).trimEnd(), content.slice(at)];
}
