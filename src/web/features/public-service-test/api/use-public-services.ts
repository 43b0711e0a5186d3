import {
  PUBLIC_SERVICES,
  type PublicService,
  type PublicServiceResponse,
  PublicServiceResponseSchema,
} from '@shared/contracts/public.ts';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast.ts';
import { getJson } from '@web/lib/api-request.ts';

export interface PublicServiceQuery {
  service: PublicService;
  query: UseQueryResult<PublicServiceResponse>;
}

/** Reads one public probe; a failure shows the spec §8 toast and is re-raised so its card shows 'Failed'. */
async function testPublicService(service: PublicService): Promise<PublicServiceResponse> {
  try {
    return await getJson(`/api/public/${service}`, PublicServiceResponseSchema);
  } catch (error) {
    toast({
      title: `Failed to test ${service} service`,
      description: error instanceof Error ? error.message : String(error),
      variant: 'destructive',
    });
    throw error;
  }
}

/**
 * The four public probes (health, basic-stats, config, sample-data) queried in parallel on load; `refreshAll`
 * re-runs all four ('Refresh All Tests').
 */
export function usePublicServices(): {
  services: PublicServiceQuery[];
  refreshAll: () => void;
  isRefreshing: boolean;
} {
  const queries = useQueries({
    queries: PUBLIC_SERVICES.map((service) => ({
      queryKey: ['/api/public', service] as const,
      queryFn: () => testPublicService(service),
    })),
  });
  const services = PUBLIC_SERVICES.map((service, index) => ({ service, query: queries[index]! }));
  return {
    services,
    refreshAll: () => {
      for (const { query } of services) void query.refetch();
    },
    isRefreshing: queries.some((query) => query.isFetching),
  };
}
