import {
  type GaCredentialsRequest,
  type GaStatus,
  type GaStoreResponse,
  type GaTestResponse,
  type ServiceAccount,
  ServiceAccountSchema,
  validateGaCredentials,
} from '../../../shared/contracts/credentials.ts';
import type { GaOverview, GaPages, GaTraffic } from '../../../shared/contracts/ga.ts';
import type { Ga4Client } from '../../connectors/ga4/client.ts';
import {
  mapDailyRows,
  mapOverview,
  mapPages,
  mapTraffic,
  OVERVIEW_REPORT,
  PAGES_REPORT,
  REVENUE_BY_DAY_REPORT,
  TRAFFIC_REPORT,
} from '../../connectors/ga4/map.ts';
import type { Ga4RunReportRequest } from '../../connectors/ga4/payload.schema.ts';
import { UpstreamError } from '../../connectors/http/upstream-error.ts';
import { AppError, badRequest } from '../../errors.ts';
import { enqueue, SYNC_JOBS } from '../../jobs/catalogue.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import {
  describeFailure,
  toAppError,
  withUpstreamErrors,
} from '../../platform/integrations/upstream-failure.ts';
import {
  deleteCredential,
  type Ga4Secret,
  listCredentialSummaries,
  loadCredential,
  saveCredential,
  updateCredentialVerification,
} from '../../vault/credential-store.ts';
import { createGa4ClientFor } from './upstream-clients.ts';

function parseStoredAccount(secret: Ga4Secret): ServiceAccount {
  return ServiceAccountSchema.parse(JSON.parse(secret.serviceAccountJson));
}

/** Validates a GA payload with the spec §5 rules and messages (400 otherwise). */
export function checkGaPayload(input: GaCredentialsRequest) {
  const checked = validateGaCredentials(input);
  if (!checked.ok) throw badRequest(`${checked.title}: ${checked.description}`, checked.code);
  return checked.value;
}

/** POST /api/credentials/google-analytics/simple-store: validate, test with a one-row report, store. */
export async function storeGaCredentials(
  context: IntegrationContext,
  workspaceId: string,
  input: GaCredentialsRequest,
): Promise<GaStoreResponse> {
  const value = checkGaPayload(input);
  let failure: string | null = null;
  try {
    await createGa4ClientFor(context, value.propertyId, value.serviceAccount).verify();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    failure = describeFailure(error);
  }
  const now = context.now();
  await saveCredential(context.db, context.keyring, {
    workspaceId,
    provider: 'ga4',
    secret: { propertyId: value.propertyId, serviceAccountJson: value.serviceAccountJson },
    publicInfo: { propertyId: value.propertyId, clientEmail: value.serviceAccount.client_email },
    status: failure ? 'failed' : 'verified',
    lastError: failure,
    verifiedAt: failure ? null : now,
    now,
  });
  if (!failure) await enqueue(context.db, SYNC_JOBS.ga4, { workspaceId, reason: 'connect' }, { now });
  return failure
    ? {
        success: true,
        isValid: false,
        message: `Credentials saved but connection test failed: ${failure}`,
        error: { message: `Credentials saved but connection test failed: ${failure}` },
      }
    : {
        success: true,
        isValid: true,
        message: 'Google Analytics credentials stored successfully',
        error: null,
      };
}

export async function getGaStatus(context: IntegrationContext, workspaceId: string): Promise<GaStatus> {
  const summary = (await listCredentialSummaries(context.db, workspaceId)).find((s) => s.provider === 'ga4');
  if (!summary)
    return { connected: false, isValid: false, propertyId: null, clientEmail: null, lastError: null };
  const info = summary.publicInfo;
  return {
    connected: true,
    isValid: summary.status === 'verified',
    propertyId: typeof info.propertyId === 'string' ? info.propertyId : null,
    clientEmail: typeof info.clientEmail === 'string' ? info.clientEmail : null,
    lastError: summary.lastError,
  };
}

async function requireGaClient(context: IntegrationContext, workspaceId: string): Promise<Ga4Client> {
  const stored = await loadCredential(context.db, context.keyring, workspaceId, 'ga4').catch(
    (error: unknown) => {
      throw toAppError(error);
    },
  );
  if (!stored) {
    throw new AppError(
      400,
      'ga_not_connected',
      'Google Analytics is not connected. Add your GA4 property in Profile & Integrations.',
    );
  }
  return createGa4ClientFor(context, stored.secret.propertyId, parseStoredAccount(stored.secret));
}

/** POST /api/credentials/google-analytics/test: re-runs the one-row report and records the result. */
export async function testGaConnection(
  context: IntegrationContext,
  workspaceId: string,
): Promise<GaTestResponse> {
  const client = await requireGaClient(context, workspaceId);
  const now = context.now();
  try {
    await client.verify();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    await updateCredentialVerification(context.db, {
      workspaceId,
      provider: 'ga4',
      status: 'failed',
      lastError: error.message,
      verifiedAt: null,
      now,
    });
    throw toAppError(error);
  }
  await updateCredentialVerification(context.db, {
    workspaceId,
    provider: 'ga4',
    status: 'verified',
    lastError: null,
    verifiedAt: now,
    now,
  });
  return { success: true, message: 'Google Analytics connection is working properly', error: null };
}

export async function removeGaCredentials(context: IntegrationContext, workspaceId: string) {
  const removed = await deleteCredential(context.db, workspaceId, 'ga4');
  return { success: true, message: removed ? 'Google Analytics credentials removed' : 'Nothing was stored' };
}

export type GaReport = 'overview' | 'pages' | 'traffic';

/** Inclusive days of a GA4 report; the report's own "last 30 days" when none is given. */
export type GaDayRange = { startDate: string; endDate: string } | null;

async function runGaReport(
  client: Ga4Client,
  report: GaReport,
  days: GaDayRange = null,
): Promise<GaOverview | GaPages | GaTraffic> {
  const within = (request: Ga4RunReportRequest): Ga4RunReportRequest =>
    days ? { ...request, dateRanges: [days] } : request;
  if (report === 'overview') return mapOverview(await client.runReport(within(OVERVIEW_REPORT)));
  if (report === 'pages') return { pages: mapPages(await client.runReport(within(PAGES_REPORT))) };
  return { sources: mapTraffic(await client.runReport(within(TRAFFIC_REPORT))) };
}

/**
 * GET /api/ga/analytics/{report} and GET /api/analytics/ga/overview: with the stored credentials,
 * over `days` (the metrics window, so GA4-reported figures cover the same days as the store's).
 */
export async function getStoredGaReport(
  context: IntegrationContext,
  workspaceId: string,
  report: 'overview',
  days?: GaDayRange,
): Promise<GaOverview>;
export async function getStoredGaReport(
  context: IntegrationContext,
  workspaceId: string,
  report: 'pages',
  days?: GaDayRange,
): Promise<GaPages>;
export async function getStoredGaReport(
  context: IntegrationContext,
  workspaceId: string,
  report: 'traffic',
  days?: GaDayRange,
): Promise<GaTraffic>;
export async function getStoredGaReport(
  context: IntegrationContext,
  workspaceId: string,
  report: GaReport,
  days: GaDayRange = null,
) {
  const client = await requireGaClient(context, workspaceId);
  return withUpstreamErrors(() => runGaReport(client, report, days));
}

/** POST /api/ga/analytics/{report}: with credentials in the body (the dashboard's connect form); not stored. */
export async function getGaReportWith(
  context: IntegrationContext,
  input: GaCredentialsRequest,
  report: 'overview',
): Promise<GaOverview>;
export async function getGaReportWith(
  context: IntegrationContext,
  input: GaCredentialsRequest,
  report: 'pages',
): Promise<GaPages>;
export async function getGaReportWith(
  context: IntegrationContext,
  input: GaCredentialsRequest,
  report: 'traffic',
): Promise<GaTraffic>;
export async function getGaReportWith(
  context: IntegrationContext,
  input: GaCredentialsRequest,
  report: GaReport,
) {
  const value = checkGaPayload(input);
  const client = createGa4ClientFor(context, value.propertyId, value.serviceAccount);
  return withUpstreamErrors(() => runGaReport(client, report));
}

/**
 * GA4's totalRevenue per day over `days` with the stored credentials: major units of the property
 * currency (report metadata), for the overview's conversion to the shop currency (decision 081).
 */
export async function getStoredGaRevenueByDay(
  context: IntegrationContext,
  workspaceId: string,
  days: { startDate: string; endDate: string },
): Promise<{ date: string; currency: string; revenue: number }[]> {
  const client = await requireGaClient(context, workspaceId);
  return withUpstreamErrors(async () => {
    const report = await client.runReport({ ...REVENUE_BY_DAY_REPORT, dateRanges: [days] });
    const currency = report.metadata?.currencyCode ?? 'USD';
    return mapDailyRows(report).map((row) => ({
      date: row.date,
      currency,
      revenue: row.metrics.totalRevenue ?? 0,
    }));
  });
}
