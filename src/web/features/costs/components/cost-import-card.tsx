import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { type CsvOutcome, useImportCsv } from '../api/cost-queries.ts';

function Outcome({ outcome }: { outcome: CsvOutcome }) {
  if (!outcome.ok)
    return (
      <div role="alert" className="space-y-1 text-sm text-rose-300">
        <p>
          Nothing was imported: {outcome.rejected.errorCount}{' '}
          {outcome.rejected.errorCount === 1 ? 'error' : 'errors'}.
        </p>
        <ul className="list-disc pl-5" data-testid="csv-errors">
          {outcome.rejected.errors.map((error) => (
            <li key={`${error.row}-${error.column}`}>
              Row {error.row}, {error.column}: {error.message}
            </li>
          ))}
        </ul>
      </div>
    );
  const { stored, unknown } = outcome.result;
  return (
    <div role="status" className="space-y-1 text-sm text-emerald-300">
      <p>
        Imported {stored} cost {stored === 1 ? 'period' : 'periods'}.
      </p>
      {unknown.length > 0 ? (
        <ul className="list-disc pl-5 text-amber-300" data-testid="csv-unknown">
          {unknown.map((entry) => (
            <li key={entry.row}>
              Row {entry.row}: {entry.value} is not in the store
              {entry.stored ? ' yet (kept for when it syncs)' : ' (skipped)'}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ImportButton({
  label,
  path,
  hint,
}: {
  label: string;
  path: '/api/costs/import' | '/api/costs/shipping-import';
  hint: string;
}) {
  const importCsv = useImportCsv(path);
  return (
    <div className="space-y-2">
      <label className={buttonClasses({ variant: 'outline', className: 'cursor-pointer' })}>
        {importCsv.isPending ? 'Importing…' : label}
        <input
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label={label}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) importCsv.mutate(file);
            event.target.value = '';
          }}
        />
      </label>
      <p className="text-xs text-slate-400">{hint}</p>
      {importCsv.data ? <Outcome outcome={importCsv.data} /> : null}
      {importCsv.error ? (
        <p className="text-sm text-rose-300">{errorSentence(importCsv.error, 'The import failed.')}</p>
      ) : null}
    </div>
  );
}

export function CostImportCard() {
  return (
    <Card className="grid gap-6 p-4 md:grid-cols-3">
      <ImportButton
        label="Import costs CSV"
        path="/api/costs/import"
        hint="Columns: sku or variant_id, cost, effective_from (YYYY-MM-DD), optional currency. A file with any bad row is refused whole."
      />
      <ImportButton
        label="Import shipping costs CSV"
        path="/api/costs/shipping-import"
        hint="Columns: order_id or order_name, cost. These beat shipping profiles for those orders."
      />
      <div className="space-y-2">
        <a className={buttonClasses({ variant: 'outline' })} href="/api/costs/export" download>
          Export costs CSV
        </a>
        <p className="text-xs text-slate-400">Every cost period, in the format the import reads.</p>
      </div>
    </Card>
  );
}
