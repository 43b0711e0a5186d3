import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';

export interface RowColumn<K extends string> {
  key: K;
  label: string;
  placeholder: string;
  /** Tailwind width of the field. */
  width: string;
}

/**
 * A list the owner edits as a whole (fee rules, shipping profiles): each row a line of text fields,
 * rows added and removed freely, one Save sending the whole list. The server judges the values and
 * its 400 names the row and field (e.g. `rules[1].percent`), shown under the list.
 */
export function EditableRows<K extends string>({
  name,
  columns,
  initial,
  empty,
  saving,
  error,
  saved,
  onSave,
}: {
  /** Names the rows for assistive technology and tests ("Fee rule", "Shipping band"). */
  name: string;
  columns: readonly RowColumn<K>[];
  initial: Record<K, string>[];
  empty: string;
  saving: boolean;
  error: unknown;
  saved: boolean;
  onSave: (rows: Record<K, string>[]) => void;
}) {
  const [rows, setRows] = useState(initial);
  const blank = Object.fromEntries(columns.map((c) => [c.key, ''])) as Record<K, string>;
  const edit = (index: number, key: K, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(rows);
      }}
    >
      {rows.length === 0 ? <p className="text-sm text-slate-400">{empty}</p> : null}
      <ul className="space-y-2">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved; position is the row
          <li key={index} className="flex flex-wrap items-center gap-2" aria-label={`${name} ${index + 1}`}>
            {columns.map((column) => (
              <Input
                key={column.key}
                aria-label={`${name} ${index + 1} ${column.label}`}
                className={column.width}
                placeholder={column.placeholder}
                value={row[column.key]}
                onChange={(event) => edit(index, column.key, event.target.value)}
              />
            ))}
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label={`Remove ${name.toLowerCase()} ${index + 1}`}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setRows((current) => [...current, blank])}
        >
          Add {name.toLowerCase()}
        </Button>
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-300">
          {errorSentence(error, 'Not saved.')}
        </p>
      ) : saved ? (
        <p role="status" className="text-sm text-emerald-300">
          Saved.
        </p>
      ) : null}
    </form>
  );
}
