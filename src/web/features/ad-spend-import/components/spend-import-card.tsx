import { Card } from '@web/components/ui/card.tsx';
import { ManualSpendLines } from './manual-spend-lines.tsx';
import { SpendCsvUpload } from './spend-csv-upload.tsx';
import { SpendSheets } from './spend-sheets.tsx';

/**
 * Ad spend of the platforms without a connection (issue #39 step 4), on the Costs page: a CSV
 * upload with its preview, published sheets, and manual cost lines. All of it counts as marketing
 * in every profit figure, converted to the shop currency at each day's rate.
 */
export function SpendImportCard({ currency }: { currency: string | null }) {
  return (
    <Card className="grid gap-6 p-4 lg:grid-cols-3">
      <section className="min-w-0 space-y-2" aria-labelledby="spend-csv">
        <h2 id="spend-csv" className="text-lg font-semibold text-white">
          Other ad platforms (CSV)
        </h2>
        <SpendCsvUpload />
      </section>
      <section className="min-w-0 space-y-2" aria-labelledby="spend-sheets">
        <h2 id="spend-sheets" className="text-lg font-semibold text-white">
          Published sheets
        </h2>
        <SpendSheets />
      </section>
      <section className="min-w-0 space-y-2" aria-labelledby="manual-lines">
        <h2 id="manual-lines" className="text-lg font-semibold text-white">
          Manual cost lines
        </h2>
        <ManualSpendLines currency={currency} />
      </section>
    </Card>
  );
}
