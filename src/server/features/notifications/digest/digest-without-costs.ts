import { mentionsCostMetric } from '../../../../shared/permissions.ts';
import type { DigestData } from '../../../domain/notifications/read-digest.ts';

/**
 * The digest a member without "can see costs and profit" gets (issue #17): no contribution margin
 * line and no alert about a cost or profit figure; revenue, orders, opportunities and stock stay.
 */
export function digestWithoutCosts(data: DigestData): DigestData {
  return {
    ...data,
    kpis: data.kpis && { ...data.kpis, contributionMargin: null },
    alerts: data.alerts.filter((alert) => !mentionsCostMetric(alert.title)),
  };
}
