import type { RoutePageProps } from '@web/app/route-page-props.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { SpendImportCard } from '@web/features/ad-spend-import/components/spend-import-card.tsx';
import { useCostSettings } from '../features/costs/api/cost-queries.ts';
import { CostImportCard } from '../features/costs/components/cost-import-card.tsx';
import { CostLedgerCard } from '../features/costs/components/cost-ledger-card.tsx';
import { CostRulesCard } from '../features/costs/components/cost-rules-card.tsx';
import { RecalculationCard } from '../features/costs/components/recalculation-card.tsx';

/** /settings/costs: the cost ledger, CSV import/export, rules, expenses, default margin and recalculation. */
export function CostsPage({ title }: RoutePageProps) {
  const settings = useCostSettings();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-white">{title}</h1>
        <p className="text-sm text-slate-400">
          Unit costs per variant with their dates, and the other costs profit is computed from. A cost you
          change applies to past orders only after you run a recalculation for their dates.
        </p>
      </div>
      {settings.error ? <ReadError error={settings.error} /> : null}
      <CostImportCard />
      <CostLedgerCard />
      <SpendImportCard currency={settings.data?.currency ?? null} />
      {settings.data ? (
        <>
          <RecalculationCard runs={settings.data.recalculations} />
          <CostRulesCard settings={settings.data} />
        </>
      ) : (
        <Card className="p-4 text-sm text-slate-400">Loading settings…</Card>
      )}
    </div>
  );
}
