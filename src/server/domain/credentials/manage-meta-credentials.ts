import { daysBetween } from '../../../shared/calendar.ts';
import {
  type MetaCredentialsRequest,
  type MetaCredentialsResponse,
  validateMetaCredentials,
} from '../../../shared/contracts/credentials.ts';
import type {
  MetaConnectionTest,
  MetaDataTest,
  MetaDebug,
  MetaSpending,
  MetaSummaryFigures,
} from '../../../shared/contracts/meta.ts';
import { UpstreamError } from '../../connectors/http/upstream-error.ts';
import { mapSummary } from '../../connectors/meta/map.ts';
import type { MetaAdAccount } from '../../connectors/meta/payload.schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { enqueue, SYNC_JOBS } from '../../jobs/catalogue.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import { toAppError, withUpstreamErrors } from '../../platform/integrations/upstream-failure.ts';
import {
  deleteCredential,
  listCredentialSummaries,
  loadCredential,
  type MetaSecret,
  maskSecret,
  saveCredential,
  updateCredentialVerification,
} from '../../vault/credential-store.ts';
import { readMetaSpendingLastMonth } from '../ad-spend/read-meta-spending.ts';
import { createMetaClientFor } from './upstream-clients.ts';

/**
 * The ad account's fields (its currency labels the spend), or undefined when Meta will not give
 * them: the figures are still right without the label, so an upstream failure of this one lookup
 * is not the caller's failure. Anything else (a bug) still throws.
 */
async function adAccountIfReadable(
  client: ReturnType<typeof createMetaClientFor>,
  adAccountId: string,
): Promise<MetaAdAccount | undefined> {
  try {
    return await client.getAdAccount(adAccountId);
  } catch (error) {
    if (error instanceof UpstreamError) return undefined;
    throw error;
  }
}

async function requireMetaSecret(context: IntegrationContext, workspaceId: string): Promise<MetaSecret> {
  const stored = await loadCredential(context.db, context.keyring, workspaceId, 'meta').catch(
    (error: unknown) => {
      throw toAppError(error);
    },
  );
  if (!stored) {
    throw new AppError(
      400,
      'meta_not_connected',
      'Meta is not connected. Add your access token, ad account and app secret in Profile & Integrations.',
    );
  }
  return stored.secret;
}

/**
 * The connection test: `/me` proves the token (190 = invalid), then the ad account and a one-row
 * insights call prove ads_read (code 200 = token valid but the permission is missing).
 */
export async function runMetaConnectionTest(
  context: IntegrationContext,
  secret: MetaSecret,
): Promise<MetaConnectionTest> {
  const client = createMetaClientFor(context, secret);
  const result: MetaConnectionTest = {
    isValid: false,
    tokenValid: false,
    hasAdsRead: false,
    error: null,
    errorCode: null,
    user: null,
    adAccount: null,
  };
  const fail = (error: UpstreamError) => {
    result.error = error.message;
    result.errorCode = typeof error.upstreamCode === 'number' ? error.upstreamCode : null;
    return result;
  };
  try {
    const me = await client.getMe();
    result.user = { id: me.id, name: me.name };
    result.tokenValid = true;
  } catch (error) {
    if (error instanceof UpstreamError) return fail(error);
    throw error;
  }
  try {
    let account: MetaAdAccount | undefined;
    try {
      account = await client.getAdAccount(secret.adAccountId);
    } catch (error) {
      // Some tokens may read insights without reading the account node; the insights call decides.
      if (!(error instanceof UpstreamError) || error.kind !== 'permission') throw error;
    }
    await client.getInsights({
      adAccountId: secret.adAccountId,
      level: 'account',
      datePreset: 'last_7d',
      limit: 1,
    });
    result.adAccount = account
      ? { id: account.id, name: account.name ?? null, currency: account.currency ?? null }
      : { id: secret.adAccountId, name: null, currency: null };
    result.hasAdsRead = true;
    result.isValid = true;
  } catch (error) {
    if (error instanceof UpstreamError) return fail(error);
    throw error;
  }
  return result;
}

/** POST /api/credentials/meta: validate (spec §5), test, store once (flagged when the test fails). */
export async function storeMetaCredentials(
  context: IntegrationContext,
  workspaceId: string,
  input: MetaCredentialsRequest,
): Promise<MetaCredentialsResponse> {
  const checked = validateMetaCredentials(input);
  if (!checked.ok) throw badRequest(`${checked.title}: ${checked.description}`, checked.code);
  const secret = checked.value;
  const test = await runMetaConnectionTest(context, secret);
  const now = context.now();
  await saveCredential(context.db, context.keyring, {
    workspaceId,
    provider: 'meta',
    secret,
    publicInfo: {
      adAccountId: secret.adAccountId,
      accessToken: maskSecret(secret.accessToken),
      tokenValid: test.tokenValid,
      hasAdsRead: test.hasAdsRead,
      errorCode: test.errorCode,
      userName: test.user?.name ?? null,
      currency: test.adAccount?.currency ?? null,
    },
    status: test.isValid ? 'verified' : 'failed',
    lastError: test.error,
    verifiedAt: test.isValid ? now : null,
    now,
  });
  if (test.isValid) await enqueue(context.db, SYNC_JOBS.meta, { workspaceId, reason: 'connect' }, { now });
  return { success: true, isValid: test.isValid, error: test.error, tokenValid: test.tokenValid };
}

/** GET /api/meta/test-connection: re-tests the stored credentials and records the outcome. */
export async function testMetaConnection(
  context: IntegrationContext,
  workspaceId: string,
): Promise<MetaConnectionTest> {
  const secret = await requireMetaSecret(context, workspaceId);
  const test = await runMetaConnectionTest(context, secret);
  const now = context.now();
  const summary = (await listCredentialSummaries(context.db, workspaceId)).find((s) => s.provider === 'meta');
  await updateCredentialVerification(context.db, {
    workspaceId,
    provider: 'meta',
    status: test.isValid ? 'verified' : 'failed',
    lastError: test.error,
    verifiedAt: test.isValid ? now : null,
    publicInfo: {
      ...(summary?.publicInfo ?? {}),
      tokenValid: test.tokenValid,
      hasAdsRead: test.hasAdsRead,
      errorCode: test.errorCode,
    },
    now,
  });
  return test;
}

/** GET /api/meta/debug-temp: the current connection test, never tokens (design §5). */
export async function getMetaDebug(context: IntegrationContext, workspaceId: string): Promise<MetaDebug> {
  const summary = (await listCredentialSummaries(context.db, workspaceId)).find((s) => s.provider === 'meta');
  if (!summary) {
    return {
      connected: false,
      adAccountId: null,
      connectionTest: {
        isValid: false,
        tokenValid: false,
        hasAdsRead: false,
        error: 'Meta is not connected',
        errorCode: null,
        user: null,
        adAccount: null,
      },
    };
  }
  const test = await testMetaConnection(context, workspaceId);
  const adAccountId =
    typeof summary.publicInfo.adAccountId === 'string' ? summary.publicInfo.adAccountId : null;
  return { connected: true, adAccountId, connectionTest: test };
}

export async function removeMetaCredentials(context: IntegrationContext, workspaceId: string) {
  const removed = await deleteCredential(context.db, workspaceId, 'meta');
  return { success: true, message: removed ? 'Meta credentials removed' : 'Nothing was stored' };
}

/** GET /api/meta/spending/last-month: campaign spend of last calendar month (shop days, from the warehouse). */
export async function getMetaSpendingLastMonth(
  context: IntegrationContext,
  workspaceId: string,
): Promise<MetaSpending> {
  const secret = await requireMetaSecret(context, workspaceId);
  const client = createMetaClientFor(context, secret);
  // The campaigns' live status (and the token's ads_read, refused as before); the spend itself is
  // the warehouse's, so /profile shows what every other page shows for those days.
  const campaigns = await withUpstreamErrors(() => client.listAllCampaigns(secret.adAccountId, 20));
  const status = new Map(campaigns.map((c) => [c.name, c.effective_status ?? c.status ?? 'UNKNOWN']));
  const spending = await readMetaSpendingLastMonth(context.db, workspaceId, context.now());
  return {
    ...spending,
    campaigns: spending.campaigns.map((c) => ({ ...c, status: status.get(c.name) ?? c.status })),
  };
}

/** GET /api/meta/test-available-data: what this token can read (user, pages, page insights, ads). */
export async function testMetaAvailableData(
  context: IntegrationContext,
  workspaceId: string,
): Promise<MetaDataTest> {
  const secret = await requireMetaSecret(context, workspaceId);
  const client = createMetaClientFor(context, secret);
  const result: MetaDataTest = {
    error: null,
    summary: {
      hasUserAccess: false,
      hasPageAccess: false,
      hasInsightAccess: false,
      hasAdAccess: false,
      adError: null,
    },
    availableData: { user: null, pages: [], insights: null },
  };
  try {
    const me = await client.getMe();
    result.availableData.user = { name: me.name, id: me.id };
    result.summary.hasUserAccess = true;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    result.error = error.message;
    return result;
  }
  try {
    const pages = await client.listPages();
    result.availableData.pages = pages.map((p) => ({ name: p.name, id: p.id, category: p.category ?? null }));
    result.summary.hasPageAccess = pages.length > 0;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
  }
  try {
    const insights = await client.getInsights({
      adAccountId: secret.adAccountId,
      level: 'account',
      datePreset: 'last_30d',
      fields: ['spend', 'impressions', 'clicks', 'date_start', 'date_stop'],
      limit: 1,
    });
    result.availableData.insights = insights.data[0] ?? null;
    result.summary.hasInsightAccess = true;
    result.summary.hasAdAccess = true;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    result.summary.adError = {
      error: {
        message: error.message,
        code: typeof error.upstreamCode === 'number' ? error.upstreamCode : null,
      },
    };
  }
  return result;
}

/**
 * Campaign summary for the Analytics Dashboard's Meta tab (Meta-reported figures) over `days`, the
 * metrics window, so its spend is the spend the store's pages show; Meta's last 30 days without one.
 */
export async function getMetaSummary(
  context: IntegrationContext,
  workspaceId: string,
  days: { since: string; until: string } | null = null,
): Promise<MetaSummaryFigures> {
  const secret = await requireMetaSecret(context, workspaceId);
  const client = createMetaClientFor(context, secret);
  return withUpstreamErrors(async () => {
    const rows = await client.getAllInsights(
      days
        ? { adAccountId: secret.adAccountId, level: 'campaign', timeRange: days }
        : { adAccountId: secret.adAccountId, level: 'campaign', datePreset: 'last_30d' },
      20,
    );
    const account = await adAccountIfReadable(client, secret.adAccountId);
    return mapSummary(rows, account?.currency, days ? daysBetween(days.since, days.until) + 1 : 30);
  });
}
