import {
  ClickStatisticsSchema,
  CursorStatisticsSchema,
  type HeatmapEventType,
  HeatmapResponseSchema,
  TrackingSessionsResponseSchema,
  type ViewportBucket,
} from '@shared/contracts/cursor-tracking.ts';
import {
  ElementRevenueSchema,
  FrustrationSchema,
  type HeatmapDevice,
  ScrollMapSchema,
  SessionExperimentsSchema,
} from '@shared/contracts/heatmap-insights.ts';
import {
  type CreateTrackingConfiguration,
  CustomPixelSchema,
  InstallCheckSchema,
  type TrackingConfiguration,
  TrackingConfigurationListSchema,
  TrackingConfigurationSchema,
} from '@shared/contracts/tracking-configurations.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-request.ts';
import { z } from 'zod';

const CONFIGURATIONS = '/api/tracking-configurations';

/**
 * Tracking configuration calls report failures as 'HTTP error! status: N' (spec §8), unlike the
 * rest of the app, so they use their own small fetch.
 */
async function configurationRequest<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  schema: S | null,
  body?: unknown,
): Promise<z.infer<S> | null> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return schema ? schema.parse(await response.json()) : null;
}

export function useTrackingConfigurations() {
  return useQuery({
    queryKey: [CONFIGURATIONS],
    queryFn: async () =>
      (await configurationRequest('GET', CONFIGURATIONS, TrackingConfigurationListSchema)) ?? [],
  });
}

export function useCreateTrackingConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTrackingConfiguration) =>
      configurationRequest('POST', CONFIGURATIONS, TrackingConfigurationSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONFIGURATIONS] }),
  });
}

export function useSetTrackingActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      configurationRequest('PATCH', `${CONFIGURATIONS}/${id}`, TrackingConfigurationSchema, { isActive }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONFIGURATIONS] }),
  });
}

export function useDeleteTrackingConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (configuration: TrackingConfiguration) =>
      configurationRequest('DELETE', `${CONFIGURATIONS}/${configuration.id}`, null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONFIGURATIONS] }),
  });
}

/** `?a=1&b=…` of the defined values only. */
export function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Statistics poll every 30 s (spec §9). */
export function useCursorStatistics(trackingId: string | undefined) {
  const url = `/api/cursor-tracking/statistics${queryString({ trackingId })}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, CursorStatisticsSchema),
    refetchInterval: 30_000,
  });
}

export function useClickStatistics(trackingId: string | undefined, page?: string) {
  const url = `/api/cursor-tracking/clicks${queryString({ trackingId, page })}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, ClickStatisticsSchema),
    refetchInterval: 30_000,
  });
}

export interface HeatmapFilters {
  trackingId?: string;
  page?: string;
  pattern?: string;
  viewport?: ViewportBucket;
  device?: HeatmapDevice;
  converted?: 'true' | 'false';
  segment?: string;
  experiment?: string;
  variant?: string;
  from?: string;
  to?: string;
}

export function useHeatmap(filters: HeatmapFilters & { eventType?: HeatmapEventType }) {
  const url = `/api/cursor-tracking/heatmap${queryString({ ...filters })}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, HeatmapResponseSchema),
    refetchInterval: 30_000,
  });
}

/** The scroll map, rage and dead clicks and revenue per element under the heatmap's filters. */
export function useScrollMap(filters: HeatmapFilters) {
  const url = `/api/cursor-tracking/scroll${queryString({ ...filters })}`;
  return useQuery({ queryKey: [url], queryFn: () => getJson(url, ScrollMapSchema), refetchInterval: 30_000 });
}

export function useFrustration(filters: HeatmapFilters) {
  const url = `/api/cursor-tracking/frustration${queryString({ ...filters })}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, FrustrationSchema),
    refetchInterval: 30_000,
  });
}

export function useElementRevenue(filters: HeatmapFilters) {
  const url = `/api/cursor-tracking/element-revenue${queryString({ ...filters })}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, ElementRevenueSchema),
    refetchInterval: 30_000,
  });
}

/** The A/B experiments and variants the range's sessions landed in (the variant picker). */
export function useSessionExperiments(filters: Pick<HeatmapFilters, 'trackingId' | 'from' | 'to'>) {
  const url = `/api/cursor-tracking/experiments${queryString({ ...filters })}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, SessionExperimentsSchema),
    refetchInterval: 60_000,
  });
}

/** Sessions refresh more often than statistics, since they carry the live status. */
export function useTrackingSessions(trackingId: string | undefined) {
  const url = `/api/cursor-tracking/sessions${queryString({ trackingId })}`;
  return useQuery({
    queryKey: [url],
    queryFn: () => getJson(url, TrackingSessionsResponseSchema),
    refetchInterval: 10_000,
  });
}

const DemoModeSchema = z.object({ config: z.object({ demoMode: z.boolean() }) });

/** Whether the server runs in demo mode (it then serves the demo storefront, issue 16 item 5). */
export function useDemoMode() {
  return useQuery({
    queryKey: ['/api/public/config'],
    queryFn: () => getJson('/api/public/config', DemoModeSchema),
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.config.demoMode,
  });
}

/** How long "Verify installation" waits for a first event, and how often it asks. */
export const INSTALL_CHECK = { forMs: 60_000, everyMs: 3_000 } as const;

/**
 * GET /api/tracking/install-check while `polling` (issue #38 item 3): asks every 3 s until the
 * site's first event is in; the caller stops after a minute.
 */
export function useInstallCheck(siteId: string, polling: boolean) {
  return useQuery({
    queryKey: ['/api/tracking/install-check', siteId],
    queryFn: () =>
      getJson(`/api/tracking/install-check?siteId=${encodeURIComponent(siteId)}`, InstallCheckSchema),
    enabled: polling,
    refetchInterval: (query) => (query.state.data?.firstEventAt ? false : INSTALL_CHECK.everyMs),
    gcTime: 0,
  });
}

/** GET /api/tracking/sites/:id/pixel (issue 40): the site's Shopify custom pixel, fetched when opened. */
export function useCustomPixel(siteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/tracking/sites/pixel', siteId],
    queryFn: () => getJson(`/api/tracking/sites/${encodeURIComponent(siteId)}/pixel`, CustomPixelSchema),
    enabled,
  });
}
