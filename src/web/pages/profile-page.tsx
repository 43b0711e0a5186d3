import type { ConnectionHealth } from '@shared/contracts/connection-health.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { ApiTokensPanel } from '@web/features/api-tokens/components/api-tokens-panel.tsx';
import { ConnectAssistantPanel } from '@web/features/api-tokens/components/connect-assistant-panel.tsx';
import { AccountSecurity } from '@web/features/auth/components/account-security.tsx';
import { DataFreshnessPanel } from '@web/features/data-freshness/components/data-freshness-panel.tsx';
import { DataRequestsPanel } from '@web/features/live-today/components/data-requests-panel.tsx';
import { BarChart3, Megaphone, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ConnectDemoButton } from '../features/integrations/components/connect-demo-button.tsx';
import {
  ConnectionAttention,
  ConnectionBadge,
} from '../features/integrations/components/connection-badge.tsx';
import { GaPanel } from '../features/integrations/components/ga-panel.tsx';
import { MetaSetupStatus } from '../features/integrations/components/meta-setup-status.tsx';
import { MetaTab } from '../features/integrations/components/meta-tab.tsx';
import { ShopifyPanel } from '../features/integrations/components/shopify-panel.tsx';
import { SpendingWidget } from '../features/integrations/components/spending-widget.tsx';
import { useCredentialsStatus, useMetaDebug } from '../lib/integrations/use-integrations.ts';

function StatusCard({
  icon,
  title,
  subtitle,
  health,
}: {
  icon: ReactNode;
  title: string;
  subtitle: string;
  health: ConnectionHealth | undefined;
}) {
  return (
    <Card data-testid={`status-card-${title}`}>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          {icon}
          <div>
            <CardTitle className="text-base">{title}</CardTitle>
            <p className="text-xs text-slate-400">{subtitle}</p>
          </div>
        </div>
        <ConnectionBadge health={health} />
      </CardHeader>
      {health?.state === 'needs_attention' ? (
        <CardContent>
          <ConnectionAttention health={health} />
        </CardContent>
      ) : null}
    </Card>
  );
}

/** Profile & Integrations (/profile, spec §2): status cards (30 s poll), spending, Meta status, tabs. */
export function ProfilePage() {
  const status = useCredentialsStatus();
  const connected = {
    shopify: status.data?.shopify ?? false,
    ga4: status.data?.ga4 ?? false,
    meta: status.data?.meta ?? false,
  };
  const debug = useMetaDebug(connected.meta);
  const adAccountId = debug.data?.adAccountId ?? null;
  const metaTest = connected.meta ? debug.data?.connectionTest : undefined;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Profile &amp; Integrations</h1>
          <p className="mt-1 text-slate-300">Connect your store, analytics and ad accounts.</p>
          <Link href="/settings/costs" className="mt-1 inline-block text-sm text-indigo-300 hover:underline">
            Costs: product costs, fees, shipping and expenses
          </Link>
          <Link href="/settings/notifications" className="mt-1 block text-sm text-indigo-300 hover:underline">
            Notifications: digests, alerts, Slack and webhooks
          </Link>
          <Link href="/settings/members" className="mt-1 block text-sm text-indigo-300 hover:underline">
            Members: invitations, roles and the audit log
          </Link>
        </div>
        <ConnectDemoButton />
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <StatusCard
          icon={<ShoppingBag aria-hidden="true" className="size-6 text-emerald-300" />}
          title="Shopify"
          subtitle="E-commerce"
          health={status.data?.health.shopify}
        />
        <StatusCard
          icon={<BarChart3 aria-hidden="true" className="size-6 text-amber-300" />}
          title="Google Analytics 4"
          subtitle="Web analytics"
          health={status.data?.health.ga4}
        />
        <StatusCard
          icon={<Megaphone aria-hidden="true" className="size-6 text-sky-300" />}
          title="Meta Marketing"
          subtitle="Social advertising"
          health={status.data?.health.meta}
        />
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <SpendingWidget
          connected={connected.meta}
          adAccountId={adAccountId}
          tokenInvalid={metaTest !== undefined && !metaTest.tokenValid}
        />
        <MetaSetupStatus connected={connected.meta} />
      </div>

      <DataFreshnessPanel />

      <AccountSecurity />
      <ConnectAssistantPanel />
      <ApiTokensPanel />
      <DataRequestsPanel />

      <Tabs defaultValue="shopify">
        <TabsList>
          <TabsTrigger value="shopify">Shopify</TabsTrigger>
          <TabsTrigger value="ga4">GA4</TabsTrigger>
          <TabsTrigger value="meta">Meta</TabsTrigger>
        </TabsList>
        <TabsContent value="shopify">
          <ShopifyPanel connected={connected.shopify} health={status.data?.health.shopify} />
        </TabsContent>
        <TabsContent value="ga4">
          <GaPanel connected={connected.ga4} health={status.data?.health.ga4} />
        </TabsContent>
        <TabsContent value="meta">
          <MetaTab
            connected={connected.meta}
            adAccountId={adAccountId}
            permissionMissing={metaTest?.tokenValid === true && !metaTest.hasAdsRead}
          />
        </TabsContent>
      </Tabs>
      {status.error ? (
        <Card>
          <CardContent className="pt-6 text-sm text-rose-300">Could not load integration status.</CardContent>
        </Card>
      ) : null}
    </div>
  );
}
