import {
  type CreateFunnel,
  FunnelReportSchema,
  FunnelSchema,
  FunnelStepSessionsSchema,
} from '@shared/contracts/funnels.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';
import { z } from 'zod';

const FUNNELS = '/api/funnels';

/** GET /api/funnels: the store's saved funnels. */
export function useFunnels() {
  return useQuery({ queryKey: [FUNNELS], queryFn: () => getJson(FUNNELS, z.array(FunnelSchema)) });
}

/** POST /api/funnels; the list refreshes after. */
export function useCreateFunnel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (funnel: CreateFunnel) => requestJson('POST', FUNNELS, FunnelSchema, funnel),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [FUNNELS] }),
  });
}

export interface FunnelReportFilters {
  from: string;
  to: string;
  device?: string;
  channel?: string;
  campaign?: string;
  visitor?: string;
  segment?: string;
}

/** The report's query string of the filters asked. */
function reportParams(filters: FunnelReportFilters): URLSearchParams {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.device) params.set('device', filters.device);
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.campaign) params.set('campaign', filters.campaign);
  if (filters.visitor) params.set('visitor', filters.visitor);
  if (filters.segment) params.set('segment', filters.segment);
  return params;
}

/** GET /api/funnels/:id/report (`checkout` for the built-in checkout funnel). */
export function useFunnelReport(id: string, filters: FunnelReportFilters) {
  const url = `${FUNNELS}/${encodeURIComponent(id)}/report?${reportParams(filters)}`;
  return useQuery({ queryKey: [url], queryFn: () => getJson(url, FunnelReportSchema) });
}

/** GET /api/funnels/:id/steps/:step/sessions under the report's filters (step 1-based). */
export function useFunnelStepSessions(id: string, step: number, filters: FunnelReportFilters) {
  const url = `${FUNNELS}/${encodeURIComponent(id)}/steps/${step}/sessions?${reportParams(filters)}`;
  return useQuery({ queryKey: [url], queryFn: () => getJson(url, FunnelStepSessionsSchema) });
}
