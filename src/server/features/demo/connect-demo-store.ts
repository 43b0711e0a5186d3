import type { DemoConnectResponse, DemoCredentials } from '../../../shared/contracts/credentials.ts';
import type { DemoProfitSetup } from '../../../shared/contracts/demo-profit.ts';
import {
  storeGoogleAdsCredentials,
  storeTikTokCredentials,
} from '../../domain/credentials/manage-ad-platform-credentials.ts';
import { storeGaCredentials } from '../../domain/credentials/manage-ga-credentials.ts';
import { storeMetaCredentials } from '../../domain/credentials/manage-meta-credentials.ts';
import { storeShopifyCredentials } from '../../domain/credentials/manage-shopify-credentials.ts';
import { AppError } from '../../errors.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import { describeFailure } from '../../platform/integrations/upstream-failure.ts';
import type { EnterDemoProfitSetup } from '../../platform/ports/enter-demo-profit-setup.ts';

/** Demo mode only: the credentials the forms are prefilled with (404 outside demo mode). */
export function getDemoCredentials(context: IntegrationContext): DemoCredentials {
  if (!context.demo) throw new AppError(404, 'demo_off', 'Demo mode is not enabled on this server.');
  return context.demo;
}

/**
 * POST /api/demo/connect: stores every demo source (the store, GA4, Meta, Google Ads, TikTok) through the same services as the forms.
 * The owner's profit setup (costs, shipping, fees, expenses) goes in first, before the backfill
 * that storing Shopify's credentials queues, so lines freeze their true historical costs.
 */
export async function connectDemoStore(
  context: IntegrationContext,
  enterDemoProfitSetup: EnterDemoProfitSetup,
  workspaceId: string,
  profit?: { userId: string; setup: DemoProfitSetup | undefined },
): Promise<DemoConnectResponse> {
  const demo = getDemoCredentials(context);
  if (profit?.setup)
    await enterDemoProfitSetup(context, { workspaceId, userId: profit.userId, demo, setup: profit.setup });
  const shopify = await storeShopifyCredentials(context, workspaceId, {
    shopDomain: demo.shopify.shopDomain,
    accessToken: demo.shopify.accessToken,
    apiSecret: demo.shopify.apiSecret,
  });
  const ga4 = await storeGaCredentials(context, workspaceId, {
    property_id: demo.ga4.propertyId,
    service_account_json: demo.ga4.serviceAccountJson,
  });
  const meta = await storeMetaCredentials(context, workspaceId, {
    accessToken: demo.meta.accessToken,
    adAccountId: demo.meta.adAccountId,
    appSecret: demo.meta.appSecret,
  });
  const googleAds = await adAccountOutcome('Google Ads', () =>
    storeGoogleAdsCredentials(context, workspaceId, demo.googleAds),
  );
  const tiktok = await adAccountOutcome('TikTok', () =>
    storeTikTokCredentials(context, workspaceId, demo.tiktok),
  );
  return {
    shopify: { isValid: shopify.isValid, message: shopify.message },
    ga4: { isValid: ga4.isValid, message: ga4.message },
    meta: { isValid: meta.isValid, message: meta.error ?? 'Connected to Meta Marketing API' },
    googleAds,
    tiktok,
  };
}

/** An ad account's connection test as the demo's answer reports it (a failure stores nothing). */
async function adAccountOutcome(
  name: string,
  connect: () => Promise<unknown>,
): Promise<{ isValid: boolean; message: string }> {
  try {
    await connect();
    return { isValid: true, message: `Connected to ${name}` };
  } catch (error) {
    return { isValid: false, message: describeFailure(error) };
  }
}
