import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { setAllStoresMode, useAllStoresMode } from '@web/features/all-stores/lib/all-stores-mode.ts';
import { Store as StoreIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useStores } from '../api/store-queries.ts';
import { adoptActiveStore, switchStore } from '../lib/store-query-clients.ts';

/** The switcher's value for "All stores" (never a store id: those are UUIDs). */
const ALL_STORES = 'all';

/**
 * The header's store switcher (issue #17): the stores of the workspace, the active one selected.
 * Choosing another makes it the session's active store; every page then reads that store.
 */
export function StoreSwitcher() {
  const stores = useStores();
  const { toast } = useToast();
  const [switching, setSwitching] = useState(false);
  const allStores = useAllStoresMode();
  const list = stores.data;
  useEffect(() => {
    if (list) adoptActiveStore(list.activeStoreId);
  }, [list]);
  if (!list || list.stores.length === 0) return null;

  const onChange = async (storeId: string) => {
    if (storeId === ALL_STORES) {
      setAllStoresMode(true);
      return;
    }
    setSwitching(true);
    try {
      await switchStore(storeId);
      setAllStoresMode(false);
      setSwitching(false);
    } catch (error) {
      setSwitching(false);
      toast({
        title: 'Could not switch store',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <Select value={allStores ? ALL_STORES : list.activeStoreId} onValueChange={onChange} disabled={switching}>
      <SelectTrigger aria-label="Store" className="h-9 w-32 sm:w-44" data-testid="store-switcher">
        <StoreIcon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {list.stores.map((store) => (
          <SelectItem key={store.id} value={store.id} data-testid="store-option">
            {store.name}
          </SelectItem>
        ))}
        {list.stores.length > 1 ? (
          <SelectItem value={ALL_STORES} data-testid="store-option-all">
            All stores
          </SelectItem>
        ) : null}
      </SelectContent>
    </Select>
  );
}
