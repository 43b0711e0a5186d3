import { MmmAnswerSchema, PlanAnswerSchema, type PlanBody } from '@shared/contracts/measurement.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';

/**
 * The marketing-mix model of a range (GET /api/measurement/mmm); the last answer stays on screen
 * while the next fits. `enabled` false (the shop's day not known yet) asks for nothing.
 */
export function useMmm(range: { from: string; to: string }, enabled: boolean) {
  const params = new URLSearchParams(range);
  return useQuery({
    queryKey: ['/api/measurement/mmm', range],
    queryFn: () => getJson(`/api/measurement/mmm?${params}`, MmmAnswerSchema),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The budget planner over the same fit (POST /api/measurement/plan): computes, stores nothing. */
export function usePlanBudget() {
  return useMutation({
    mutationFn: (body: PlanBody) => requestJson('POST', '/api/measurement/plan', PlanAnswerSchema, body),
  });
}
