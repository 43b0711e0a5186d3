import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useResultsProgress } from '../../../lib/sync/use-results-progress.ts';

/**
 * Mounted once in the signed-in frame: when a sync or an analysis finishes, every query is
 * invalidated, so each page shows the new results the moment they exist rather than on its next
 * 30 s poll (e.g. / right after "Connect demo store"). Renders nothing.
 */
export function ResultsWatcher() {
  const client = useQueryClient();
  const { signature } = useResultsProgress();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (signature === null) return;
    if (seen.current !== null && seen.current !== signature) void client.invalidateQueries();
    seen.current = signature;
  }, [client, signature]);
  return null;
}
