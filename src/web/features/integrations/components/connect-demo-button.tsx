import { Button } from '@web/components/ui/button.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { ConnectProgress } from '../../../components/connect-progress.tsx';
import { useConnectDemoStore, useDemoCredentials } from '../../../lib/integrations/use-integrations.ts';
import { readableError } from '../lib/error-text.ts';

/**
 * "Connect demo store" (demo mode only): connects Shopify, GA4 and Meta of the demo store at once
 * through the same services as the forms, then shows the progress (syncing → analysing → ready).
 * Renders nothing outside demo mode.
 */
export function ConnectDemoButton({
  variant = 'secondary',
}: {
  variant?: 'default' | 'secondary' | 'outline';
}) {
  const { toast } = useToast();
  const demo = useDemoCredentials();
  const [connected, setConnected] = useState(false);
  const connect = useConnectDemoStore({
    onSuccess: (result) => {
      const failed = (['shopify', 'ga4', 'meta'] as const).filter((source) => !result[source].isValid);
      setConnected(failed.length < 3);
      if (failed.length === 0) {
        toast({
          title: 'Demo Store Connected',
          description: 'Shopify, Google Analytics 4 and Meta are connected.',
        });
      } else {
        toast({
          title: 'Demo Store Partly Connected',
          description: failed.map((source) => result[source].message).join(' '),
          variant: 'destructive',
        });
      }
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: readableError(error, 'Failed to connect the demo store'),
        variant: 'destructive',
      }),
  });
  if (!demo.data) return null;
  const run = () => connect.mutate();
  return (
    <div className="grid justify-items-start gap-2">
      <Button variant={variant} onClick={run} disabled={connect.isPending} data-testid="connect-demo-store">
        <Store aria-hidden="true" />
        {connect.isPending ? 'Connecting demo store...' : 'Connect demo store'}
      </Button>
      {connected ? <ConnectProgress /> : null}
    </div>
  );
}
