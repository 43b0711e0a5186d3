import type { RevenueForecast } from '../../../shared/contracts/analytics.ts';
import { findLatestRun, readRevenueForecastOfRun } from '../../domain/analysis-runs/read-analytics.ts';
import {
  deleteForecastClosure,
  insertForecastClosure,
} from '../../domain/forecast-closures/forecast-closure-queries.ts';
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { RunAnalysisNow } from '../../platform/ports/run-analysis-now.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';

/**
 * Confirms (`closed` true) or withdraws the owner's closure of one forecast day, then re-runs the
 * analysis so the forecast honours it, and answers that forecast. The day must be a day of the
 * latest forecast (400 naming `date` otherwise; nothing is stored). A run already in progress when
 * the change is stored did not see it, so a second run follows when the first answer disagrees.
 * The run comes through the `runAnalysisNow` port the composition root passes in (decision 155).
 */
export async function setForecastClosure(
  deps: Pick<AppDeps, 'db' | 'database' | 'env' | 'clock' | 'log' | 'caches'>,
  principal: SessionPrincipal,
  day: string,
  closed: boolean,
  runAnalysisNow: RunAnalysisNow,
): Promise<RevenueForecast> {
  const { db } = deps;
  const { workspaceId } = principal;
  const before = await findLatestRun(deps, workspaceId);
  const forecast = before ? await readRevenueForecastOfRun(db, before) : null;
  const first = forecast?.forecast[0]?.date;
  const last = forecast?.forecast.at(-1)?.date;
  if (!first || !last) {
    throw new AppError(
      409,
      'no_forecast',
      'There is no revenue forecast yet: connect a store and let the analysis run first.',
    );
  }
  if (day < first || day > last) {
    throw new AppError(
      400,
      'validation_failed',
      `date must be a day of the revenue forecast (${first} to ${last}).`,
    );
  }
  if (closed) await insertForecastClosure(db, workspaceId, day, principal.userId, deps.clock());
  else await deleteForecastClosure(db, workspaceId, day);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const summary = await runAnalysisNow(workspaceId);
    if (summary.status !== 'succeeded') {
      throw new AppError(
        500,
        'internal',
        'The closure is saved, but the forecast could not be recomputed; it will be at the next analysis.',
      );
    }
    const run = await findLatestRun(deps, workspaceId);
    const after = run ? await readRevenueForecastOfRun(db, run) : null;
    if (after && after.confirmedClosures.includes(day) === closed) return after;
  }
  throw new AppError(
    503,
    'recalculation_running',
    'The closure is saved; the forecast shows it after the analysis in progress.',
  );
}
