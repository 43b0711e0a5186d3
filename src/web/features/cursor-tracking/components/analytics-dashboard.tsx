import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { Activity, Clock, MousePointer, MousePointerClick, Play, Square, Users } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useClickStatistics, useCursorStatistics, useTrackingSessions } from '../api/tracking-api.ts';
import { formatRate, formatSessionDuration, shortPage } from '../lib/format.ts';
import { type SelfTracker, startSelfTracking } from '../lib/self-tracking.ts';
import { HeatmapPanel } from './heatmap-panel.tsx';

function StatCard({ title, value, icon }: { title: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-6">
        <div>
          <p className="text-sm text-slate-400">{title}</p>
          <p className="mt-1 text-2xl font-bold text-white">{value}</p>
        </div>
        <span className="text-indigo-300">{icon}</span>
      </CardContent>
    </Card>
  );
}

/** Start/Stop Tracking of the dashboard itself (spec §4), with its Tracking Active/Inactive badge. */
function SelfTrackingToggle() {
  const tracker = useRef<SelfTracker | null>(null);
  const [active, setActive] = useState(false);
  useEffect(() => () => tracker.current?.stop(), []);
  const toggle = () => {
    if (tracker.current) {
      tracker.current.stop();
      tracker.current = null;
      setActive(false);
    } else {
      tracker.current = startSelfTracking();
      setActive(true);
    }
  };
  return (
    <div className="flex items-center gap-3">
      <Badge variant={active ? 'success' : 'secondary'}>
        {active ? 'Tracking Active' : 'Tracking Inactive'}
      </Badge>
      <Button variant={active ? 'destructive' : 'default'} onClick={toggle}>
        {active ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
        {active ? 'Stop Tracking' : 'Start Tracking'}
      </Button>
    </div>
  );
}

function AnalyticsPanel({ trackingId }: { trackingId: string | undefined }) {
  const statistics = useCursorStatistics(trackingId);
  const clicks = useClickStatistics(trackingId);
  const topElements = clicks.data?.clicksByElement.slice(0, 3) ?? [];
  const total = clicks.data?.totalClicks ?? 0;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Most Active Pages</CardTitle>
          <CardDescription>Pages with the most recorded events</CardDescription>
        </CardHeader>
        <CardContent>
          {statistics.isPending ? (
            <Skeleton className="h-32" />
          ) : (statistics.data?.mostActivePages.length ?? 0) === 0 ? (
            <p className="text-sm text-slate-400">No page activity yet</p>
          ) : (
            <ul className="space-y-2">
              {statistics.data?.mostActivePages.slice(0, 5).map((page) => (
                <li key={page.pageUrl} className="flex items-center justify-between gap-4 text-sm">
                  <span className="truncate text-slate-200" title={page.pageUrl}>
                    {shortPage(page.pageUrl)}
                  </span>
                  <Badge variant="secondary">{page.eventCount} events</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Click Analytics</CardTitle>
          <CardDescription>What visitors click</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {clicks.isError ? (
            <p className="text-sm text-rose-300">{errorSentence(clicks.error, 'Failed to load data')}</p>
          ) : null}
          <div className="grid grid-cols-2 gap-4">
            <div>
              <p className="text-sm text-slate-400">Total Clicks</p>
              <p className="text-xl font-semibold text-white">{total}</p>
            </div>
            <div>
              <p className="text-sm text-slate-400">Unique Elements</p>
              <p className="text-xl font-semibold text-white">{clicks.data?.uniqueElements ?? 0}</p>
            </div>
          </div>
          <ul className="space-y-3">
            {topElements.map((element) => {
              const share = total > 0 ? (element.count / total) * 100 : 0;
              return (
                <li key={element.selector} className="space-y-1 text-sm">
                  <div className="flex justify-between gap-4">
                    <code className="truncate text-slate-200">{element.selector}</code>
                    <span className="text-slate-400">{element.count}</span>
                  </div>
                  <div className="h-2 rounded-full bg-slate-800">
                    <div className="h-2 rounded-full bg-indigo-500" style={{ width: `${share}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function SessionsPanel({ trackingId }: { trackingId: string | undefined }) {
  const sessions = useTrackingSessions(trackingId);
  const list = sessions.data?.sessions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>The 50 most recent visits</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {(sessions.data?.activeCount ?? 0) > 0 ? (
          <p className="flex items-center gap-2 rounded-md border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
            <span className="size-2 animate-pulse rounded-full bg-emerald-400" />
            {sessions.data?.activeCount} live {sessions.data?.activeCount === 1 ? 'session' : 'sessions'}{' '}
            right now
          </p>
        ) : null}
        {sessions.isError ? (
          <p className="text-sm text-rose-300">{errorSentence(sessions.error, 'Failed to load data')}</p>
        ) : null}
        {list.length === 0 && !sessions.isPending ? (
          <p className="text-sm text-slate-400">No sessions recorded yet</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-400">
                <tr>
                  <th className="py-2 pr-4 font-medium">Session</th>
                  <th className="py-2 pr-4 font-medium">Status</th>
                  <th className="py-2 pr-4 font-medium">Page</th>
                  <th className="py-2 pr-4 font-medium">Started</th>
                  <th className="py-2 font-medium">Events</th>
                </tr>
              </thead>
              <tbody>
                {list.map((session) => (
                  <tr key={session.sessionId} className="border-t border-slate-800">
                    <td className="py-2 pr-4 font-mono text-xs text-slate-300">{session.sessionId}</td>
                    <td className="py-2 pr-4">
                      <Badge variant={session.status === 'active' ? 'success' : 'secondary'}>
                        {session.status === 'active' ? 'Active' : 'Ended'}
                      </Badge>
                    </td>
                    <td className="max-w-64 truncate py-2 pr-4 text-slate-200" title={session.pageUrl}>
                      {shortPage(session.pageUrl)}
                    </td>
                    <td className="py-2 pr-4 text-slate-300">
                      {new Date(session.startTime).toLocaleString()}
                    </td>
                    <td className="py-2 text-slate-300">{session.eventCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The Analytics Dashboard tab (spec §2). `trackingId` narrows everything to one website;
 * `heatmapPage` (a page URL, '' for none) opens the Heatmap tab on that page.
 */
export function AnalyticsDashboard({
  trackingId,
  websiteName,
  heatmapPage,
}: {
  trackingId?: string;
  websiteName?: string;
  heatmapPage?: string;
}) {
  const statistics = useCursorStatistics(trackingId);
  const stats = statistics.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-white">
            {websiteName ? `Analytics for ${websiteName}` : 'Real-time cursor analytics'}
          </h2>
          <p className="text-sm text-slate-400">Sessions, clicks and heatmaps of your tracked pages</p>
        </div>
        <SelfTrackingToggle />
      </div>
      {statistics.isError ? (
        <p className="text-sm text-rose-300">{errorSentence(statistics.error, 'Failed to load data')}</p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title="Total Sessions"
          value={stats?.totalSessions ?? 0}
          icon={<Users aria-hidden="true" />}
        />
        <StatCard
          title="Total Events"
          value={stats?.totalEvents ?? 0}
          icon={<Activity aria-hidden="true" />}
        />
        <StatCard
          title="Avg Session Duration"
          value={formatSessionDuration(stats?.averageSessionDuration ?? 0)}
          icon={<Clock aria-hidden="true" />}
        />
        <StatCard
          title="Click Through Rate"
          value={formatRate(stats?.clickThroughRate ?? 0)}
          icon={<MousePointerClick aria-hidden="true" />}
        />
      </div>
      <Tabs defaultValue={heatmapPage === undefined ? 'analytics' : 'heatmap'}>
        <TabsList>
          <TabsTrigger value="analytics">
            <MousePointer aria-hidden="true" className="size-4" />
            Analytics
          </TabsTrigger>
          <TabsTrigger value="heatmap">Heatmap</TabsTrigger>
          <TabsTrigger value="sessions">Sessions</TabsTrigger>
        </TabsList>
        <TabsContent value="analytics">
          <AnalyticsPanel trackingId={trackingId} />
        </TabsContent>
        <TabsContent value="heatmap">
          <HeatmapPanel trackingId={trackingId} initialPage={heatmapPage} />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsPanel trackingId={trackingId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
