import type { ManualSpendLineInput } from '@shared/contracts/ad-spend-import.ts';
import { formatMoney } from '@shared/money.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';
import {
  useDeleteManualSpendLine,
  useManualSpendLines,
  useSaveManualSpendLine,
} from '../api/spend-import-queries.ts';

function LineForm({
  id,
  initial,
  onDone,
}: {
  id: string | null;
  initial: ManualSpendLineInput;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveManualSpendLine();
  const field = (
    key: keyof ManualSpendLineInput,
    label: string,
    props: { type?: string; className: string },
  ) => (
    <Input
      aria-label={label}
      {...props}
      value={draft[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
    />
  );
  return (
    <form
      aria-label={id === null ? 'New manual cost line' : `Manual cost line ${initial.name}`}
      className="flex flex-wrap items-end gap-2 rounded-md border border-slate-700 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { id, line: { ...draft, currency: draft.currency.trim().toUpperCase() } },
          { onSuccess: onDone },
        );
      }}
    >
      {field('name', 'Line name', { className: 'w-44' })}
      {field('amount', 'Line amount', { className: 'w-28' })}
      {field('currency', 'Line currency', { className: 'w-20' })}
      {field('from', 'Line from', { type: 'date', className: 'w-40' })}
      {field('to', 'Line to', { type: 'date', className: 'w-40' })}
      <Button type="submit" disabled={save.isPending}>
        {id === null ? 'Add line' : 'Save'}
      </Button>
      {id !== null ? (
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      ) : null}
      {save.error ? (
        <p role="alert" className="w-full text-sm text-rose-300">
          {errorSentence(save.error, 'The line was not saved.')}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Manual cost lines (agency fees, influencers): an amount over a date range, counted as marketing
 * spread evenly per day (the first days carry the leftover cents, so the days sum to the amount).
 */
export function ManualSpendLines({ currency }: { currency: string | null }) {
  const lines = useManualSpendLines();
  const remove = useDeleteManualSpendLine();
  const [editing, setEditing] = useState<string | null>(null);
  const blank: ManualSpendLineInput = { name: '', amount: '', currency: currency ?? '', from: '', to: '' };
  return (
    <div className="space-y-3">
      {lines.error ? <ReadError error={lines.error} /> : null}
      {lines.isPending ? <p className="text-sm text-slate-400">Loading manual cost lines…</p> : null}
      {lines.data && lines.data.lines.length === 0 ? (
        <p className="text-sm text-slate-400">No manual cost line yet.</p>
      ) : null}
      <ul className="space-y-2">
        {lines.data?.lines.map((line) =>
          editing === line.id ? (
            <li key={line.id}>
              <LineForm id={line.id} initial={line} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li
              key={line.id}
              className="flex flex-wrap items-center gap-3 text-sm text-slate-200"
              data-testid="manual-line"
            >
              <span className="font-medium">{line.name}</span>
              <span>{formatMoney(line.amount, line.currency)}</span>
              <span className="text-slate-400">
                {line.from} – {line.to} ({line.days} {line.days === 1 ? 'day' : 'days'})
              </span>
              <Button size="sm" variant="outline" onClick={() => setEditing(line.id)}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={remove.isPending}
                onClick={() => remove.mutate(line.id)}
              >
                Delete
              </Button>
            </li>
          ),
        )}
      </ul>
      <LineForm key={lines.data?.lines.length ?? 0} id={null} initial={blank} onDone={() => undefined} />
      {remove.error ? (
        <p className="text-sm text-rose-300">{errorSentence(remove.error, 'The line was not deleted.')}</p>
      ) : null}
    </div>
  );
}
