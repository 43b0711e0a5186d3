/**
 * Rate-limit accounting per token (call counts in a rolling hour, plus the throttling-pressure
 * fault), the usage headers Meta sends, and the throttling errors (#17, #80000, #80004).
 */
import type { FastifyReply } from 'fastify';
import type { FaultController } from '../faults.ts';
import { GraphError } from './graph-request.ts';

export type UsageKind = 'ads_insights' | 'ads_management' | null;

export interface UsageMeter {
  /** Counts a call; returns the percentage used (incl. the throttling-pressure fault). */
  recordCall(token: string): number;
  usageHeaders(reply: FastifyReply, pct: number, kind: UsageKind): void;
  throttle(pct: number, kind: UsageKind): void;
}

export function createUsageMeter(
  now: () => number,
  callsPerHour: number,
  faults: FaultController,
  accountNumericId: string,
): UsageMeter {
  const usage = new Map<string, { windowStart: number; calls: number }>();
  const recordCall = (token: string): number => {
    const t = now();
    let u = usage.get(token);
    if (!u || t - u.windowStart >= 3_600_000) {
      u = { windowStart: t, calls: 0 };
      usage.set(token, u);
    }
    u.calls += 1;
    return Math.min(100, Math.round(faults.get().throttlePressure * 100 + (100 * u.calls) / callsPerHour));
  };

  const usageHeaders = (reply: FastifyReply, pct: number, kind: UsageKind) => {
    const regain = pct >= 100 ? 5 : 0;
    reply.header(
      'x-app-usage',
      JSON.stringify({
        call_count: pct,
        total_cputime: Math.floor(pct / 2),
        total_time: Math.floor(pct / 2),
      }),
    );
    if (kind) {
      reply.header(
        'x-business-use-case-usage',
        JSON.stringify({
          [accountNumericId]: [
            {
              type: kind,
              call_count: pct,
              total_cputime: Math.floor(pct / 3),
              total_time: Math.floor(pct / 3),
              estimated_time_to_regain_access: regain,
              ads_api_access_tier: 'standard_access',
            },
          ],
        }),
      );
      reply.header(
        'x-ad-account-usage',
        JSON.stringify({
          acc_id_util_pct: pct,
          reset_time_duration: regain * 60,
          ads_api_access_tier: 'standard_access',
        }),
      );
      if (kind === 'ads_insights') {
        reply.header(
          'x-fb-ads-insights-throttle',
          JSON.stringify({
            app_id_util_pct: pct,
            acc_id_util_pct: pct,
            ads_api_access_tier: 'standard_access',
          }),
        );
      }
    }
  };

  const throttle = (pct: number, kind: UsageKind) => {
    if (pct < 100) return;
    if (kind === 'ads_insights') {
      throw new GraphError(
        '(#80000) There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-insights.',
        80000,
        'OAuthException',
        2446079,
        true,
      );
    }
    if (kind === 'ads_management') {
      throw new GraphError(
        '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
        80004,
        'OAuthException',
        2446079,
        true,
      );
    }
    throw new GraphError('(#17) User request limit reached', 17, 'OAuthException', 2446079, true);
  };

  return { recordCall, usageHeaders, throttle };
}
