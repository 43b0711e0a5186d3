import { Badge } from '@web/components/ui/badge.tsx';

/**
 * The mark every profit figure outside /profit carries where a cost is a guess (issue #13): default
 * margin, shipping taken equal to the charge. The cost coverage beside it: `cost-coverage.tsx`.
 */
export function EstimatedBadge({ title }: { title: string }) {
  return (
    <Badge variant="warning" title={title} data-testid="estimated-badge">
      estimated
    </Badge>
  );
}
