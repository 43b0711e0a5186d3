import type { ApiToken } from '@shared/contracts/api-tokens.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/use-api-tokens.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2" data-testid="api-token-row">
      <div>
        <p className="font-medium text-slate-100">{token.name}</p>
        <p className="text-xs text-slate-400">
          <code>{token.prefix}…</code> · created {when(token.createdAt)} · last used {when(token.lastUsedAt)}
          {token.expiresAt ? ` · expires ${when(token.expiresAt)}` : ''}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate(token.id)}
        aria-label={`Revoke ${token.name}`}
      >
        Revoke
      </Button>
    </li>
  );
}

/**
 * Read-only API tokens for scripts and BI tools (issue 18.3): create one (its value is shown once),
 * see when each was last used, revoke. A token reads every GET endpoint and the CSV exports.
 */
export function ApiTokensPanel() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const [name, setName] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name }, { onSuccess: () => setName('') });
  };

  return (
    <Card id="api-tokens">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound aria-hidden="true" className="size-5 text-indigo-300" /> API tokens
        </CardTitle>
        <CardDescription>
          Read-only access for scripts and BI tools: send <code>Authorization: Bearer &lt;token&gt;</code> to
          any GET endpoint or to the CSV exports at <code>/api/export/&lt;dataset&gt;.csv</code> (reference at{' '}
          <a className="text-indigo-300 underline" href="/api/docs">
            /api/docs
          </a>
          ).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
          <div className="grid gap-1">
            <Label htmlFor="api-token-name">Token name</Label>
            <Input
              id="api-token-name"
              value={name}
              maxLength={100}
              required
              placeholder="e.g. Metabase"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            Create token
          </Button>
        </form>
        {create.data ? (
          <div className="rounded-md border border-emerald-700 bg-emerald-950/40 p-3 text-sm" role="status">
            <p className="text-emerald-200">Copy this token now: it is not shown again.</p>
            <code className="mt-1 block break-all text-white" data-testid="new-api-token">
              {create.data.token}
            </code>
          </div>
        ) : null}
        {create.error ? <p className="text-sm text-rose-300">{create.error.message}</p> : null}
        {tokens.data && tokens.data.tokens.length > 0 ? (
          <ul className="divide-y divide-slate-800">
            {tokens.data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-400">{tokens.isLoading ? 'Loading…' : 'No API tokens yet.'}</p>
        )}
      </CardContent>
    </Card>
  );
}
