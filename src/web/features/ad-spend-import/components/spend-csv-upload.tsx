import type { SpendImportResponse } from '@shared/contracts/ad-spend-import.ts';
import { formatMoney } from '@shared/money.ts';
import { Button, buttonClasses } from '@web/components/ui/button.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useState } from 'react';
import { useUploadSpendCsv } from '../api/spend-import-queries.ts';

const ACTION_LABEL = { insert: 'new', update: 'updated', unchanged: 'unchanged' } as const;

function RowErrors({ result }: { result: SpendImportResponse }) {
  if (result.errorCount === 0) return null;
  return (
    <div role="alert" className="space-y-1 text-sm text-amber-300">
      <p>
        {result.errorCount} {result.errorCount === 1 ? 'row is' : 'rows are'} skipped:
      </p>
      <ul className="list-disc pl-5" data-testid="spend-import-errors">
        {result.errors.map((error) => (
          <li key={`${error.row}-${error.field}`}>
            Row {error.row}, {error.field}: {error.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Counts({ result }: { result: SpendImportResponse }) {
  const verb = result.dryRun ? 'would be' : 'were';
  return (
    <p
      className="text-sm text-slate-200"
      data-testid={result.dryRun ? 'spend-preview-counts' : 'spend-import-counts'}
    >
      {result.inserted} new, {result.updated} updated and {result.unchanged} unchanged campaign days {verb}{' '}
      imported.
    </p>
  );
}

function PreviewTable({ result }: { result: SpendImportResponse }) {
  if (result.rows.length === 0)
    return <p className="text-sm text-slate-400">The file has no importable rows.</p>;
  return (
    <div className="max-h-72 overflow-auto rounded-md border border-slate-700">
      <table className="w-full text-left text-xs text-slate-200" aria-label="Import preview">
        <thead className="bg-slate-900 text-slate-400">
          <tr>
            <th className="px-2 py-1">Row</th>
            <th className="px-2 py-1">Date</th>
            <th className="px-2 py-1">Platform</th>
            <th className="px-2 py-1">Campaign</th>
            <th className="px-2 py-1 text-right">Spend</th>
            <th className="px-2 py-1">Change</th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => (
            <tr key={`${row.platform}-${row.campaign}-${row.date}`} className="border-t border-slate-800">
              <td className="px-2 py-1">{row.row}</td>
              <td className="px-2 py-1">{row.date}</td>
              <td className="px-2 py-1">{row.platform}</td>
              <td className="px-2 py-1">{row.campaign}</td>
              <td className="px-2 py-1 text-right">{formatMoney(row.spend, row.currency)}</td>
              <td className="px-2 py-1">{ACTION_LABEL[row.action]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Upload a spend CSV: the file is first sent as a preview (nothing written) showing each campaign
 * day and each skipped row; "Import" then writes it. The same file again changes nothing.
 */
export function SpendCsvUpload() {
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const upload = useUploadSpendCsv();
  const result = upload.data;
  return (
    <div className="space-y-3">
      <label className={buttonClasses({ variant: 'outline', className: 'cursor-pointer' })}>
        {upload.isPending ? 'Reading…' : 'Choose spend CSV'}
        <input
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label="Choose spend CSV"
          onChange={async (event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            const csv = await chosen.text();
            setFile({ name: chosen.name, csv });
            upload.mutate({ csv, dryRun: true });
          }}
        />
      </label>
      <p className="text-xs text-slate-400">
        Columns: date (YYYY-MM-DD), platform (pinterest, microsoft_ads, snapchat, reddit, amazon_ads,
        linkedin_ads, x_ads, other), campaign, spend, currency, and optionally clicks and impressions. Google
        Ads, TikTok and Meta come from their connections.
      </p>
      {upload.error ? (
        <p role="alert" className="text-sm text-rose-300">
          {errorSentence(upload.error, 'The file could not be read.')}
        </p>
      ) : null}
      {result && file ? (
        <section aria-label="Spend import" className="space-y-2 rounded-md border border-slate-700 p-3">
          <p className="text-sm font-medium text-white">
            {result.dryRun ? `Preview of ${file.name}` : `Imported ${file.name}`}
          </p>
          <Counts result={result} />
          <RowErrors result={result} />
          {result.dryRun ? (
            <>
              <PreviewTable result={result} />
              <div className="flex gap-2">
                <Button
                  disabled={upload.isPending || result.inserted + result.updated === 0}
                  onClick={() => upload.mutate({ csv: file.csv, dryRun: false })}
                >
                  Import {result.inserted + result.updated} campaign days
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setFile(null);
                    upload.reset();
                  }}
                >
                  Cancel
                </Button>
              </div>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
