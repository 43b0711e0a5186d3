import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { useSearch } from 'wouter';
import { useTrackingConfigurations } from '../api/tracking-api.ts';
import { AnalyticsDashboard } from './analytics-dashboard.tsx';
import { ManageWebsites } from './manage-websites.tsx';

/**
 * Cursor Tracking (spec §2): the Analytics Dashboard and Manage Websites tabs. A `?trackingId=`
 * query (opened by View Analytics) narrows the dashboard to that website.
 */
export function CursorTrackingPage() {
  const trackingId = new URLSearchParams(useSearch()).get('trackingId') ?? undefined;
  const configurations = useTrackingConfigurations();
  const website = trackingId ? configurations.data?.find((c) => c.trackingId === trackingId) : undefined;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-white">Cursor Tracking</h1>
        <p className="mt-2 text-slate-300">
          Record how visitors move, click and scroll, and see it as heatmaps.
        </p>
      </div>
      <Tabs defaultValue="dashboard">
        <TabsList>
          <TabsTrigger value="dashboard">Analytics Dashboard</TabsTrigger>
          <TabsTrigger value="websites">Manage Websites</TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard">
          <AnalyticsDashboard trackingId={trackingId} websiteName={website?.websiteName ?? trackingId} />
        </TabsContent>
        <TabsContent value="websites">
          <ManageWebsites />
        </TabsContent>
      </Tabs>
    </div>
  );
}
