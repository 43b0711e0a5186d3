import { PRODUCT_TITLE } from '@shared/ui-constants.ts';
import { CityBackground } from '@web/components/layout/city-background.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { RefreshCw, TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { usePublicServices } from '../api/use-public-services.ts';
import { ServiceCard } from './service-card.tsx';

/** Public Service Testing (spec §2), reachable without signing in. */
export function PublicServiceTestPage() {
  const { services, refreshAll, isRefreshing } = usePublicServices();
  return (
    <div className="relative min-h-screen">
      <CityBackground />
      <div className="relative z-10 mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Link href="/" className="mb-8 inline-flex items-center gap-2 text-lg font-bold text-white">
          <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-500">
            <TrendingUp aria-hidden="true" className="size-5" />
          </span>
          {PRODUCT_TITLE}
        </Link>
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-white">Public Service Testing</h1>
            <p className="mt-2 text-slate-300">Checks the public services that answer without signing in.</p>
          </div>
          <Button onClick={refreshAll} disabled={isRefreshing}>
            <RefreshCw aria-hidden="true" className={cn(isRefreshing && 'animate-spin')} />
            Refresh All Tests
          </Button>
        </div>
        <div className="grid items-start gap-6 md:grid-cols-2">
          {services.map(({ service, query }) => (
            <ServiceCard key={service} service={service} query={query} />
          ))}
        </div>
      </div>
    </div>
  );
}
