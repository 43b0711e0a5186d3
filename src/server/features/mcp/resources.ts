import { eq } from 'drizzle-orm';
import { workspaces } from '../../db/schema/auth.ts';
import { whShops } from '../../db/schema/warehouse.ts';
import type { ToolContext } from '../../domain/assistant-tools/tool-definition.ts';
import { UPSIDE_TOOLS } from '../../domain/assistant-tools/tool-registry.ts';
import { listCredentialSummaries } from '../../vault/credential-store.ts';

export const METRIC_DEFINITIONS_URI = 'upside://definitions/metrics';
export const STORE_PROFILE_URI = 'upside://store/profile';

/** The resources of Ask Upside: what the figures mean, and which store they are of. */
export const UPSIDE_RESOURCES = [
  {
    uri: METRIC_DEFINITIONS_URI,
    name: 'metric-definitions',
    title: 'Metric definitions',
    description:
      'How Upside computes each figure its tools return: P&L lines, KPIs, ROAS, attribution, CLV, churn.',
    mimeType: 'text/markdown',
  },
  {
    uri: STORE_PROFILE_URI,
    name: 'store-profile',
    title: 'Store profile',
    description:
      'The store the token reads: name, Shopify domain, currency, time zone and connected sources.',
    mimeType: 'application/json',
  },
] as const;

/** A Markdown page of every tool's definitions, built from the tools themselves (one source). */
export function metricDefinitionsText(): string {
  const lines = [
    '# Upside metric definitions',
    '',
    'Days are calendar days in the shop’s time zone; money is in the shop currency unless a field says otherwise.',
    'Estimates (forecasts, CLV, churn, default-margin COGS, opportunity impacts) are labelled as such.',
  ];
  for (const tool of UPSIDE_TOOLS)
    lines.push('', `## ${tool.title} (\`${tool.name}\`)`, '', tool.description);
  return lines.join('\n');
}

/** The token's store as JSON: what a model should know before it reads any figure. */
export async function storeProfile({ deps, principal }: ToolContext): Promise<Record<string, unknown>> {
  const { workspaceId } = principal;
  const [[store], [shop], credentials] = await Promise.all([
    deps.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)),
    deps.db.select().from(whShops).where(eq(whShops.workspaceId, workspaceId)),
    listCredentialSummaries(deps.db, workspaceId),
  ]);
  return {
    store: store?.name ?? null,
    shopName: shop?.name ?? null,
    shopDomain: shop?.shopDomain ?? null,
    currency: shop?.currencyCode ?? null,
    currencyDigits: shop?.currencyDigits ?? null,
    timeZone: shop?.ianaTimezone ?? null,
    connectedSources: credentials.map((credential) => credential.provider),
    role: principal.role,
    canSeeCosts: principal.canSeeCosts,
  };
}
