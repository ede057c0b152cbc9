import { type FormEvent, useState } from 'react';

import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { AccessToken, CreatedToken } from '@/types/api';
import { shortDate } from '@/utils/format';

import { createAccessToken } from '../api/create-access-token';
import { useAccessTokens } from '../api/get-access-tokens';
import { revokeAccessToken } from '../api/revoke-access-token';

const NAME_MAX = 60;

/**
 * The account page's personal access tokens, for outside assistants calling `/mcp`: make one
 * with a name (its value is shown once, with a copy button), see when each was made and last
 * used, revoke one after a confirmation.
 */
export function AccessTokens() {
  const { data, error, mutate } = useAccessTokens();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const full = data ? data.tokens.length >= data.limit : false;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const made = await createAccessToken(name.trim());
      setCreated(made);
      setName('');
      await mutate();
    } catch (err) {
      setProblem(userMessage(err, "I couldn't make a token just now. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: AccessToken) => {
    if (!window.confirm(`Revoke "${token.name}"? Any assistant using it gets shut out right away.`)) return;
    setProblem(null);
    try {
      await revokeAccessToken(token.id);
      if (created?.token.id === token.id) setCreated(null);
      await mutate();
      toast({ title: `Revoked "${token.name}". It won't open the door anymore.` });
    } catch (err) {
      setProblem(userMessage(err, "I couldn't revoke that token just now. Please try again."));
    }
  };

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Copied!', description: 'The token is on your clipboard.' });
    } catch {
      toast({ title: "I couldn't reach your clipboard. Select the token and copy it by hand.", variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="access-tokens-title" className="mx-auto mt-6 max-w-2xl rounded-2xl border border-amber-200 bg-white p-6 shadow-sm">
      <h2 id="access-tokens-title" className="font-serif text-xl font-bold text-amber-900">
        Access tokens
      </h2>
      <p className="mt-2 text-stone-700">
        Want to ask me things from another assistant, like Claude or ChatGPT? Give it the address{' '}
        <code className="rounded bg-amber-50 px-1">{`${window.location.origin}/mcp`}</code> and one of these tokens. Every look-up it
        makes spends one chat query, same as asking me here.
      </p>

      <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(e) => void create(e)}>
        <Field
          label="Token name"
          className="flex-1"
          value={name}
          maxLength={NAME_MAX}
          placeholder="Claude on my laptop"
          onChange={(e) => setName(e.target.value)}
          disabled={full}
        />
        <button type="submit" className={buttonClass('primary')} disabled={busy || full || !name.trim()}>
          Create token
        </button>
      </form>
      {full ? <p className="mt-2 text-sm text-stone-600">That's {data?.limit} tokens, the most you can have. Revoke one to make room.</p> : null}
      {problem ? (
        <p role="alert" className="mt-3 text-red-800">
          {problem}
        </p>
      ) : null}

      {created ? (
        <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold text-amber-950">Here's your token for "{created.token.name}".</p>
          <p className="mt-1 text-sm text-amber-950">Copy it now. I keep only a scrambled copy, so I can't show it to you again.</p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code data-testid="new-token" className="flex-1 rounded bg-white px-2 py-1 font-mono text-sm break-all text-stone-900">
              {created.secret}
            </code>
            <button type="button" className={buttonClass('outline')} onClick={() => void copy(created.secret)}>
              Copy
            </button>
            <button type="button" className={buttonClass('ghost')} onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        </div>
      ) : null}

      {error && !data ? (
        <p role="alert" className="mt-3 text-red-800">
          {userMessage(error, "I couldn't pull up your tokens just now.")}
        </p>
      ) : null}
      {data && data.tokens.length === 0 ? <p className="mt-4 text-stone-600">No tokens yet.</p> : null}
      {data && data.tokens.length > 0 ? (
        <ul aria-label="Your access tokens" className="mt-4 divide-y divide-amber-100">
          {data.tokens.map((token) => (
            <li key={token.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold break-words text-stone-900">{token.name}</p>
                <p className="text-sm text-stone-600">
                  Created {shortDate(token.createdAt)} · {token.lastUsedAt ? `Last used ${shortDate(token.lastUsedAt)}` : 'Never used'}
                </p>
              </div>
              <button type="button" className={buttonClass('outline')} aria-label={`Revoke ${token.name}`} onClick={() => void revoke(token)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
