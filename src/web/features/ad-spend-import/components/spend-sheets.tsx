import type { SpendSheet } from '@shared/contracts/ad-spend-import.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';
import {
  useAddSpendSheet,
  useDeleteSpendSheet,
  useFetchSpendSheet,
  useSpendSheets,
} from '../api/spend-import-queries.ts';

function SheetRow({ sheet }: { sheet: SpendSheet }) {
  const fetchNow = useFetchSpendSheet();
  const remove = useDeleteSpendSheet();
  return (
    <li className="space-y-1 rounded-md border border-slate-700 p-2" data-testid="spend-sheet">
      <p className="break-all text-sm text-slate-200">{sheet.url}</p>
      <p
        className={`text-xs ${sheet.status === 'failed' ? 'text-rose-300' : 'text-slate-400'}`}
        role="status"
      >
        {sheet.status === null
          ? 'Not read yet.'
          : `${sheet.status === 'failed' ? 'Last fetch failed' : 'Last fetch'} ${
              sheet.lastFetchedAt ? new Date(sheet.lastFetchedAt).toLocaleString() : ''
            }: ${sheet.message ?? ''}`}
      </p>
      {sheet.result && sheet.result.errors.length > 0 ? (
        <ul className="list-disc pl-5 text-xs text-amber-300">
          {sheet.result.errors.map((error) => (
            <li key={`${error.row}-${error.field}`}>
              Row {error.row}, {error.field}: {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={fetchNow.isPending}
          onClick={() => fetchNow.mutate(sheet.id)}
        >
          {fetchNow.isPending ? 'Fetching…' : 'Fetch now'}
        </Button>
        <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(sheet.id)}>
          Remove
        </Button>
      </div>
      {fetchNow.error || remove.error ? (
        <p className="text-xs text-rose-300">
          {errorSentence(fetchNow.error ?? remove.error, 'That failed.')}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Published sheets: a stable CSV link (Google Sheets "Publish to web" → CSV) read when added, then
 * with every sync; each shows its last fetch, its skipped rows or why it failed.
 */
export function SpendSheets() {
  const sheets = useSpendSheets();
  const add = useAddSpendSheet();
  const [url, setUrl] = useState('');
  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(url.trim(), { onSuccess: () => setUrl('') });
        }}
      >
        <Input
          aria-label="Published CSV link"
          className="min-w-0 flex-1"
          placeholder="https://docs.google.com/spreadsheets/d/e/…/pub?output=csv"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <Button type="submit" disabled={add.isPending || url.trim() === ''}>
          {add.isPending ? 'Reading…' : 'Add sheet'}
        </Button>
      </form>
      {add.error ? (
        <p role="alert" className="text-sm text-rose-300">
          {errorSentence(add.error, 'The link could not be added.')}
        </p>
      ) : null}
      {sheets.error ? <ReadError error={sheets.error} /> : null}
      {sheets.isPending ? <p className="text-sm text-slate-400">Loading sheets…</p> : null}
      {sheets.data && sheets.data.sheets.length === 0 ? (
        <p className="text-sm text-slate-400">No published sheet yet.</p>
      ) : null}
      {sheets.data && sheets.data.sheets.length > 0 ? (
        <ul className="space-y-2">
          {sheets.data.sheets.map((sheet) => (
            <SheetRow key={sheet.id} sheet={sheet} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
