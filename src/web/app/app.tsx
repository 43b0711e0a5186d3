import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster.tsx';
import { TooltipProvider } from '@web/components/ui/tooltip.tsx';
import { queryClient } from '@web/lib/query-client.ts';
import { AppRouter } from './app-router.tsx';

/** Providers every page relies on: the query client (spec §9 defaults), tooltips, the single toast. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AppRouter />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
