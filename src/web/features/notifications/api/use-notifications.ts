import {
  AlertListSchema,
  AlertRuleListSchema,
  AlertRuleSchema,
  CaughtMailListSchema,
  ChannelListSchema,
  type CreateChannelBody,
  CreatedChannelSchema,
  DeliveryListSchema,
  DemoSlackSchema,
  type NotificationSettings,
  NotificationSettingsSchema,
  SendResultSchema,
  type ThresholdMetric,
} from '@shared/contracts/notifications.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, requestJson } from '@web/lib/api-request.ts';

const keys = {
  channels: ['/api/notifications/channels'] as const,
  settings: ['/api/notifications/settings'] as const,
  rules: ['/api/notifications/rules'] as const,
  deliveries: ['/api/notifications/deliveries'] as const,
  alerts: ['/api/alerts'] as const,
  caught: ['/api/notifications/caught-mail'] as const,
  demoSlack: ['/api/notifications/demo-slack'] as const,
};

export const useChannels = () =>
  useQuery({
    queryKey: keys.channels,
    queryFn: () => getJson('/api/notifications/channels', ChannelListSchema),
  });
export const useNotificationSettings = () =>
  useQuery({
    queryKey: keys.settings,
    queryFn: () => getJson('/api/notifications/settings', NotificationSettingsSchema),
  });
export const useAlertRules = () =>
  useQuery({ queryKey: keys.rules, queryFn: () => getJson('/api/notifications/rules', AlertRuleListSchema) });
export const useDeliveries = () =>
  useQuery({
    queryKey: keys.deliveries,
    queryFn: () => getJson('/api/notifications/deliveries', DeliveryListSchema),
    refetchInterval: 15_000,
  });
export const useAlerts = () =>
  useQuery({
    queryKey: keys.alerts,
    queryFn: () => getJson('/api/alerts', AlertListSchema),
    refetchInterval: 30_000,
  });
export const useCaughtMail = () =>
  useQuery({
    queryKey: keys.caught,
    queryFn: () => getJson('/api/notifications/caught-mail', CaughtMailListSchema),
    refetchInterval: 10_000,
  });

export const useDemoSlack = () =>
  useQuery({
    queryKey: keys.demoSlack,
    queryFn: () => getJson('/api/notifications/demo-slack', DemoSlackSchema),
    refetchInterval: 10_000,
  });

/** Everything a send or an edit can change: the history lists, the caught mail and the demo Slack. */
function useRefresh() {
  const client = useQueryClient();
  return (...extra: ReadonlyArray<readonly string[]>) =>
    Promise.all(
      [keys.deliveries, keys.caught, keys.demoSlack, keys.alerts, ...extra].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateChannel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateChannelBody) =>
      requestJson('POST', '/api/notifications/channels', CreatedChannelSchema, body),
    onSuccess: () => refresh(keys.channels),
  });
}

export function useDeleteChannel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/notifications/channels/${encodeURIComponent(id)}`);
    },
    onSuccess: () => refresh(keys.channels),
  });
}

export function useTestChannel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      requestJson('POST', `/api/notifications/channels/${encodeURIComponent(id)}/test`, SendResultSchema, {}),
    onSettled: () => refresh(),
  });
}

export function useTestDigest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (period: 'daily' | 'weekly') =>
      requestJson('POST', '/api/notifications/digests/test', SendResultSchema, { period }),
    onSettled: () => refresh(),
  });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      requestJson('PUT', '/api/notifications/settings', NotificationSettingsSchema, settings),
    onSuccess: (saved) => client.setQueryData(keys.settings, saved),
  });
}

export function useCreateRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: {
      metric: ThresholdMetric;
      comparator: 'above' | 'below';
      threshold: string;
      windowDays: number;
    }) => requestJson('POST', '/api/notifications/rules', AlertRuleSchema, body),
    onSuccess: () => refresh(keys.rules),
  });
}

export function useDeleteRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/notifications/rules/${encodeURIComponent(id)}`);
    },
    onSuccess: () => refresh(keys.rules),
  });
}
