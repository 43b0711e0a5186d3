import { Toaster } from '@web/components/ui/toaster.tsx';
import { TooltipProvider } from '@web/components/ui/tooltip.tsx';
import { ActiveStoreScope } from '@web/features/stores/components/active-store-scope.tsx';
import { AppRouter } from './app-router.tsx';

/**
 * Providers every page relies on: the active store's query client (spec §9 defaults; one per store,
 * decision 053), tooltips, the single toast.
 */
export function App() {
  return (
    <ActiveStoreScope>
      <TooltipProvider>
        <AppRouter />
        <Toaster />
      </TooltipProvider>
    </ActiveStoreScope>
  );
}
