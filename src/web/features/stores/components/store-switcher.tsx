import type { Store } from '@shared/contracts/stores.ts';
import { allows } from '@shared/permissions.ts';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { setAllStoresMode, useAllStoresMode } from '@web/lib/stores/all-stores-mode.ts';
import { Store as StoreIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useStores } from '../../../lib/stores/store-queries.ts';
import { adoptActiveStore, switchStore } from '../../../lib/stores/store-query-clients.ts';
import { AddStoreDialog } from './add-store-dialog.tsx';

/** The switcher's value that opens "Add store" instead of switching. */
const ADD_STORE = 'add-store';
/** The switcher's value for "All stores" of the active workspace (issue #17 item 1, decision 067). */
const ALL_STORES = 'all-stores';

const storeItems = (stores: Store[]) =>
  stores.map((store) => (
    <SelectItem key={store.id} value={store.id} data-testid="store-option">
      {store.name}
    </SelectItem>
  ));

/**
 * The header's store switcher (issue #17): the stores of every workspace the person belongs to
 * (grouped by workspace when there are several), the active one selected. Choosing another makes it
 * the session's active store — across workspaces too (decision 069) — and every page then reads that
 * store, from its cache when it was seen before. Owners and admins also find "Add store" here.
 */
export function StoreSwitcher() {
  const stores = useStores();
  const { toast } = useToast();
  const [switching, setSwitching] = useState(false);
  const [adding, setAdding] = useState(false);
  const allStores = useAllStoresMode();
  const list = stores.data;
  useEffect(() => {
    if (list) adoptActiveStore(list.activeStoreId);
  }, [list]);
  if (!list || list.stores.length === 0) return null;
  const canAdd = allows({ role: list.role, canSeeCosts: false }, 'members');

  const onChange = async (storeId: string) => {
    if (storeId === ADD_STORE) {
      setAdding(true);
      return;
    }
    if (storeId === ALL_STORES) {
      setAllStoresMode(true);
      return;
    }
    setSwitching(true);
    try {
      await switchStore(storeId);
      // Leaving "All stores" for the store that was active already remounts nothing.
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
  const teams = list.teams.length > 0 ? list.teams : null;
  return (
    <>
      <Select
        value={allStores ? ALL_STORES : list.activeStoreId}
        onValueChange={onChange}
        disabled={switching}
      >
        <SelectTrigger aria-label="Store" className="h-9 w-32 sm:w-44" data-testid="store-switcher">
          <StoreIcon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {teams && teams.length > 1
            ? teams.map((team) => (
                <SelectGroup key={team.id} data-testid="store-team">
                  <SelectLabel>{team.name}</SelectLabel>
                  {storeItems(team.stores)}
                </SelectGroup>
              ))
            : storeItems(list.stores)}
          {list.stores.length > 1 ? (
            <SelectItem value={ALL_STORES} data-testid="store-option-all">
              All stores
            </SelectItem>
          ) : null}
          {canAdd ? (
            <>
              <SelectSeparator />
              <SelectItem value={ADD_STORE} data-testid="add-store-option">
                Add store…
              </SelectItem>
            </>
          ) : null}
        </SelectContent>
      </Select>
      {canAdd ? <AddStoreDialog open={adding} onOpenChange={setAdding} /> : null}
    </>
  );
}
