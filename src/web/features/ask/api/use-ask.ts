import { AskAnswerSchema, AskConfigSchema } from '@shared/contracts/ask.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getJson, requestJson } from '@web/lib/api-request.ts';

export function useAskConfig() {
  return useQuery({
    queryKey: ['/api/ask/config'],
    queryFn: () => getJson('/api/ask/config', AskConfigSchema),
  });
}

/** Asks the owner's model; the answer carries every tool call and its figures. */
export function useAsk() {
  return useMutation({
    mutationFn: (question: string) => requestJson('POST', '/api/ask', AskAnswerSchema, { question }),
  });
}
