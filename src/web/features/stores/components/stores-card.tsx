import { allows } from '@shared/permissions.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useDemoCredentials } from '@web/lib/integrations/use-integrations.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useStores } from '../../../lib/stores/store-queries.ts';
import { useAddDemoStore } from '../api/use-add-demo-store.ts';
import { AddStoreDialog } from './add-store-dialog.tsx';

/** /settings/members: the workspace's stores, with "Add store" for owners and admins (issue #17). */
export function StoresCard() {
  const stores = useStores();
  const [adding, setAdding] = useState(false);
  // Demo mode: the demo credentials answer (404 otherwise, and the hook yields null).
  const isDemo = useDemoCredentials().data != null;
  const addDemo = useAddDemoStore();
  const list = stores.data;
  if (!list) return null;
  const canAdd = allows({ role: list.role, canSeeCosts: false }, 'members');
  return (
    <Card data-testid="stores-card">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Stores</CardTitle>
          <CardDescription>
            Each store has its own Shopify, Google Analytics and Meta connections.
          </CardDescription>
        </div>
        {canAdd ? (
          <Button size="sm" onClick={() => setAdding(true)} data-testid="add-store">
            <Plus aria-hidden="true" /> Add store
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-800 text-sm">
          {list.stores.map((store) => (
            <li key={store.id} className="flex items-center justify-between gap-3 py-2">
              <span className="text-white">{store.name}</span>
              <span className="text-slate-400">
                {store.shopDomain ?? 'Shopify not connected'}
                {store.active ? ' · active' : ''}
              </span>
            </li>
          ))}
        </ul>
        {canAdd && isDemo ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-800 pt-3 text-sm">
            <Button
              size="sm"
              variant="outline"
              disabled={addDemo.isPending}
              onClick={() => addDemo.mutate()}
              data-testid="add-demo-store"
            >
              <Plus aria-hidden="true" /> Add the demo store in EUR
            </Button>
            <span className="text-slate-400" data-testid="add-demo-store-status">
              {addDemo.isError
                ? addDemo.error.message
                : addDemo.data
                  ? `${addDemo.data.store.name} is in this workspace; choose All stores in the switcher to see it converted.`
                  : 'A second demo shop selling in euros, to try the All-stores views.'}
            </span>
          </div>
        ) : null}
      </CardContent>
      {canAdd ? <AddStoreDialog open={adding} onOpenChange={setAdding} /> : null}
    </Card>
  );
}
