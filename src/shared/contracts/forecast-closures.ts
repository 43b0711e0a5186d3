import { z } from 'zod';
import { isShopDay } from '../calendar.ts';

/**
 * Owner-confirmed forecast closures (issue #20.2, decision 013): `PUT` confirms a day of the revenue
 * forecast as closed, `DELETE` withdraws the confirmation. Both re-run the analysis and answer the
 * revenue forecast it produced (`RevenueForecastSchema`), so the chart shows the change at once.
 */
export const ForecastClosureParamsSchema = z.object({
  date: z.string().refine(isShopDay, 'date must be a day written YYYY-MM-DD'),
});
