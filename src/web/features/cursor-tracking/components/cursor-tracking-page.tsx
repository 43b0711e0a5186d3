import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { useSearch } from 'wouter';
import { useDemoMode, useTrackingConfigurations } from '../api/tracking-api.ts';
import { AnalyticsDashboard } from './analytics-dashboard.tsx';
import { ManageWebsites } from './manage-websites.tsx';

/**
 * Cursor Tracking (spec §2): the Analytics Dashboard and Manage Websites tabs. A `?trackingId=`
 * query (opened by View Analytics) narrows the dashboard to that website; `?tab=heatmap&page=` opens
 * one page's heatmap (a funnel step's exit page). In demo mode it links to
 * the demo storefront the server serves with the tracker (issue 16 item 5).
 */
export function CursorTrackingPage() {
  const search = new URLSearchParams(useSearch());
  const trackingId = search.get('trackingId') ?? undefined;
  // `?page=…&tab=heatmap` (a funnel step's exit page) opens that page's heatmap.
  const heatmapPage = search.get('tab') === 'heatmap' ? (search.get('page') ?? '') : undefined;
  const configurations = useTrackingConfigurations();
  const website = trackingId ? configurations.data?.find((c) => c.trackingId === trackingId) : undefined;
  const demoMode = useDemoMode().data === true;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-white">Cursor Tracking</h1>
        <p className="mt-2 text-slate-300">
          Record how visitors move, click and scroll, and see it as heatmaps.
        </p>
        {demoMode ? (
          <p className="mt-2 text-sm text-slate-300" data-testid="demo-storefront-link">
            Demo mode:{' '}
            <a href="/demo/storefront" className="text-indigo-300 underline-offset-4 hover:underline">
              open the demo storefront
            </a>{' '}
            (the real tracker snippet on a small shop page), click around, then find your visit here under
            "Demo storefront (your visits)".
          </p>
        ) : null}
      </div>
      <Tabs defaultValue="dashboard">
        <TabsList>
          <TabsTrigger value="dashboard">Analytics Dashboard</TabsTrigger>
          <TabsTrigger value="websites">Manage Websites</TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard">
          <AnalyticsDashboard
            trackingId={trackingId}
            websiteName={website?.websiteName ?? trackingId}
            heatmapPage={heatmapPage}
          />
        </TabsContent>
        <TabsContent value="websites">
          <ManageWebsites />
        </TabsContent>
      </Tabs>
    </div>
  );
}
