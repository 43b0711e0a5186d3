import type { ConnectionHealth } from '../../../shared/contracts/connection-health.ts';
import type { SyncSource } from '../../../shared/contracts/sync.ts';
import { missingShopifyScopes } from '../../../shared/shopify-scopes.ts';
import type { CredentialSummary } from '../../vault/credential-store.ts';
import type { SyncStateRow } from './sync-run.ts';

/** Where on /profile the owner fixes each source's credentials. */
const TAB: Readonly<Record<SyncSource, string>> = {
  shopify: 'Shopify',
  ga4: 'GA4',
  meta: 'Meta',
  google_ads: 'Google Ads',
  tiktok_ads: 'TikTok',
};

export interface ConnectionFacts {
  source: SyncSource;
  credential: CredentialSummary | undefined;
  state: SyncStateRow | undefined;
  /** A sync of this source is running or queued. */
  busy: boolean;
  /** When the next queued attempt is due (a retry after a failure waits with backoff). */
  nextAttemptAt: Date | null;
  now: Date;
  intervalMinutes: number;
}

/**
 * One source's health: the latest of its connection test (the credential's status, stored or
 * re-tested at `updatedAt`) and its syncs (a failure keeps `lastError` until a sync succeeds)
 * decides; a source whose last success is more than twice the schedule interval old (or that
 * never synced that long after connecting) while nothing runs is overdue. A Shopify app that lacks
 * a scope Upside needs stays connected (what it may read still syncs) but needs attention, naming
 * each missing scope and what breaks without it. Each unhealthy state comes with the reason and
 * the fix.
 */
export function assessConnectionHealth(facts: ConnectionFacts): ConnectionHealth & { overdue: boolean } {
  const { source, credential, state, now } = facts;
  if (!credential) return { state: 'not_connected', reason: null, fix: null, overdue: false };
  const tab = TAB[source];
  const syncFailedAt = state?.lastError ? (state.lastErrorAt ?? state.lastStartedAt) : null;
  const testedAt = credential.updatedAt;
  const testFailed = credential.status !== 'verified';
  const latestIsSyncFailure = syncFailedAt !== null && syncFailedAt.getTime() >= testedAt.getTime();
  const latestSuccess = state?.lastSuccessAt ?? null;
  const latestIsSyncSuccess =
    latestSuccess !== null && latestSuccess.getTime() > testedAt.getTime() && !latestIsSyncFailure;

  if (latestIsSyncFailure) {
    const retry = facts.nextAttemptAt
      ? `Upside retries automatically (next attempt ${timeAgo(facts.nextAttemptAt, now, 'in')});`
      : 'Press Sync now to try again;';
    return {
      state: 'needs_attention',
      reason: `The last sync failed: ${state!.lastError}`,
      fix: `${retry} if it keeps failing, test and update the credentials in the ${tab} tab.`,
      overdue: false,
    };
  }
  if (testFailed && !latestIsSyncSuccess) {
    return {
      state: 'needs_attention',
      reason:
        credential.status === 'failed'
          ? `The last connection test failed: ${credential.lastError ?? 'no reason was given'}`
          : 'The connection has not been tested yet.',
      fix: credentialFix(source, credential),
      overdue: false,
    };
  }
  const missing = source === 'shopify' ? missingScopesOf(credential) : [];
  if (missing.length > 0) {
    const names = missing.map((m) => m.scope).join(', ');
    return {
      state: 'needs_attention',
      reason: `The Shopify app lacks the ${names} scope${missing.length > 1 ? 's' : ''}: ${missing.map((m) => m.effect).join(' ')}`,
      fix: `In the Shopify Dev Dashboard add ${names} to the app's scopes, release the new version and approve it in your store, then press Check scopes in the Shopify tab.`,
      overdue: false,
    };
  }
  const budgetMs = 2 * facts.intervalMinutes * 60_000;
  const since = latestSuccess ?? testedAt;
  if (!facts.busy && now.getTime() - since.getTime() > budgetMs) {
    return {
      state: 'needs_attention',
      reason: latestSuccess
        ? `No successful sync since ${timeAgo(latestSuccess, now, 'ago')}; syncs are due every ${facts.intervalMinutes} minutes.`
        : `Not synced yet, ${timeAgo(testedAt, now, 'ago').replace(/ ago$/, '')} after connecting; syncs are due every ${facts.intervalMinutes} minutes.`,
      fix: `Press Sync now; if no sync starts, test and update the credentials in the ${tab} tab.`,
      overdue: true,
    };
  }
  return { state: 'connected', reason: null, fix: null, overdue: false };
}

/** The needed scopes the stored scope reading lacks (none when the scopes were never read). */
function missingScopesOf(credential: CredentialSummary): { scope: string; effect: string }[] {
  const granted = credential.publicInfo.grantedScopes;
  return typeof granted === 'string' ? missingShopifyScopes(granted.split(',').filter(Boolean)) : [];
}

function credentialFix(source: SyncSource, credential: CredentialSummary): string {
  if (source === 'shopify')
    return 'Check the shop domain and the access token (or client ID and secret) in the Shopify tab and store them again.';
  if (source === 'ga4')
    return 'Check the property ID and give the service account Viewer access to the GA4 property, then store the credentials again in the GA4 tab.';
  if (source === 'google_ads')
    return 'Check the OAuth client, refresh token and customer ID (and the manager ID for a managed account) in the Google Ads section and store them again.';
  if (source === 'tiktok_ads')
    return 'Check the access token and advertiser ID in the TikTok section and store them again.';
  const code = credential.publicInfo.errorCode;
  if (code === 190)
    return 'Generate a new access token in Meta for Developers and update it in the Meta tab.';
  if (typeof code === 'number' && code >= 200 && code <= 299)
    return 'Grant the ads_read (or ads_management) permission for this ad account, then update the token in the Meta tab.';
  return 'Check the access token, ad account ID and app secret in the Meta tab and update them.';
}

/** "5 minutes ago" / "in 2 minutes" style, rounded to minutes, hours or days. */
function timeAgo(at: Date, now: Date, direction: 'ago' | 'in'): string {
  const minutes = Math.max(1, Math.round(Math.abs(now.getTime() - at.getTime()) / 60_000));
  const text =
    minutes < 90
      ? `${minutes} minute${minutes === 1 ? '' : 's'}`
      : minutes < 48 * 60
        ? `${Math.round(minutes / 60)} hours`
        : `${Math.round(minutes / 1440)} days`;
  return direction === 'ago' ? `${text} ago` : `in ${text}`;
}
