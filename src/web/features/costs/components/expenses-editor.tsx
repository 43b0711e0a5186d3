import type { CostSettingsResponse } from '@shared/contracts/costs.ts';
import { EXPENSE_KINDS } from '@shared/contracts/demo-profit.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';
import { type ExpenseInput, useDeleteExpense, useSaveExpense } from '../api/cost-queries.ts';

export const EXPENSE_KIND_LABEL = {
  monthly: 'per month',
  per_order: 'per order',
  percent_of_net_sales: '% of net sales',
  percent_of_ad_spend: '% of ad spend',
} as const;

type Expense = CostSettingsResponse['expenses'][number];

const blank: ExpenseInput = { name: '', kind: 'monthly', amount: '', startsOn: '', endsOn: null };

/** The add / edit form of one expense; `id` null adds a new one. */
function ExpenseForm({
  id,
  initial,
  currency,
  onDone,
}: {
  id: string | null;
  initial: ExpenseInput;
  currency: string | null;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const save = useSaveExpense();
  const percent = draft.kind === 'percent_of_net_sales' || draft.kind === 'percent_of_ad_spend';
  const label = id === null ? 'New expense' : `Expense ${draft.name}`;
  return (
    <form
      aria-label={label}
      className="flex flex-wrap items-end gap-2 rounded-md border border-slate-700 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id, expense: draft }, { onSuccess: onDone });
      }}
    >
      <Input
        aria-label="Expense name"
        className="w-40"
        placeholder="e.g. Software"
        value={draft.name}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <select
        aria-label="Expense kind"
        className="h-10 rounded-md border border-slate-600 bg-slate-950/60 px-2 text-sm text-slate-100"
        value={draft.kind}
        onChange={(e) => setDraft({ ...draft, kind: e.target.value as ExpenseInput['kind'] })}
      >
        {EXPENSE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {EXPENSE_KIND_LABEL[kind]}
          </option>
        ))}
      </select>
      <Input
        aria-label={percent ? 'Expense percent' : `Expense amount${currency ? ` (${currency})` : ''}`}
        className="w-28"
        placeholder={percent ? 'e.g. 2.5' : 'e.g. 300.00'}
        value={draft.amount}
        onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
      />
      <Input
        aria-label="Expense starts on"
        type="date"
        className="w-40"
        value={draft.startsOn}
        onChange={(e) => setDraft({ ...draft, startsOn: e.target.value })}
      />
      <Input
        aria-label="Expense ends on"
        type="date"
        className="w-40"
        value={draft.endsOn ?? ''}
        onChange={(e) => setDraft({ ...draft, endsOn: e.target.value === '' ? null : e.target.value })}
      />
      <Button type="submit" size="sm" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : id === null ? 'Add expense' : 'Save expense'}
      </Button>
      {id !== null ? (
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      ) : null}
      {save.error ? (
        <p role="alert" className="basis-full text-sm text-rose-300">
          {errorSentence(save.error, 'Not saved.')}
        </p>
      ) : null}
    </form>
  );
}

function ExpenseRow({ expense, currency }: { expense: Expense; currency: string | null }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteExpense();
  if (editing)
    return (
      <li>
        <ExpenseForm
          id={expense.id}
          initial={{
            name: expense.name,
            kind: expense.kind,
            amount: expense.amount,
            startsOn: expense.startsOn,
            endsOn: expense.endsOn,
          }}
          currency={currency}
          onDone={() => setEditing(false)}
        />
      </li>
    );
  const percent = expense.kind === 'percent_of_net_sales' || expense.kind === 'percent_of_ad_spend';
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm text-slate-300" data-testid="expense">
      <span className="min-w-0 flex-1">
        {expense.name}: {expense.amount}
        {percent ? '' : ` ${currency ?? ''}`} {EXPENSE_KIND_LABEL[expense.kind]} from {expense.startsOn}
        {expense.endsOn ? ` to ${expense.endsOn}` : ''}
      </span>
      <Button size="sm" variant="ghost" aria-label={`Edit ${expense.name}`} onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Delete ${expense.name}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(expense.id)}
      >
        Delete
      </Button>
      {remove.error ? (
        <span role="alert" className="basis-full text-rose-300">
          {errorSentence(remove.error, 'Not deleted.')}
        </span>
      ) : null}
    </li>
  );
}

/** Custom expenses: listed with edit and delete, and a form to add one. */
export function ExpensesEditor({ settings }: { settings: CostSettingsResponse }) {
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="space-y-2">
      <ul className="space-y-2">
        {settings.expenses.length === 0 ? <li className="text-sm text-slate-400">None yet.</li> : null}
        {settings.expenses.map((expense) => (
          <ExpenseRow key={expense.id} expense={expense} currency={settings.currency} />
        ))}
      </ul>
      <ExpenseForm
        key={formKey}
        id={null}
        initial={blank}
        currency={settings.currency}
        onDone={() => setFormKey((k) => k + 1)}
      />
    </div>
  );
}
