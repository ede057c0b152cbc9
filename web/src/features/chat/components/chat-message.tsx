import { Link } from 'react-router';

import { LinkedText } from '@/components/ui/linked-text';
import { paths } from '@/config/paths';

import type { ChatMessage } from '../hooks/use-chat';

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
        <LinkedText content={body} />
        {unverified ? (
          <p className="mt-2 rounded bg-yellow-100 px-2 py-1 text-xs text-yellow-900" role="note" data-testid="unverified-numbers">
            {unverified}
          </p>
        ) : null}
        {message.notice === 'out-of-queries' ? <PromptLink to={paths.pricing.getHref()}>Get More Queries</PromptLink> : null}
        {message.notice === 'signup' ? <PromptLink to={paths.auth.getHref({ signup: true })}>Sign Up Free</PromptLink> : null}
      </div>
    </li>
  );
}

/** A prompt's button-like link on its own line under the text (the space keeps copied text apart too). */
function PromptLink({ to, children }: { to: string; children: string }) {
  return (
    <>
      {' '}
      <span className="mt-2 block">
        <Link to={to} className="font-semibold text-amber-900 underline">
          {children}
        </Link>
      </span>
    </>
  );
}

/** The reply and the server's unverified-numbers note, which is shown with a marker. */
function splitUnverified(content: string): [string, string | null] {
  const at = content.lastIndexOf(UNVERIFIED);
  if (at < 0) return [content, null];
  return [content.slice(0, at).trimEnd(), content.slice(at)];
}
