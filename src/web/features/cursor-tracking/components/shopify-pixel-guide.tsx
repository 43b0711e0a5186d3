import type { TrackingConfiguration } from '@shared/contracts/tracking-configurations.ts';
import { Button } from '@web/components/ui/button.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useCustomPixel } from '../api/tracking-api.ts';

/**
 * Installing the Shopify custom pixel (issue 40): checkout runs no theme script, so the site's pixel
 * (generated with its key) goes into Shopify admin → Settings → Customer events. Shown with a copy
 * button; the code is fetched when the section is opened.
 */
export function ShopifyPixelGuide({ configuration }: { configuration: TrackingConfiguration }) {
  const [open, setOpen] = useState(false);
  const pixel = useCustomPixel(configuration.id, open);
  const { toast } = useToast();
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'Copied', description: 'Pixel code copied to the clipboard.' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the code and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <details
      className="rounded-md border border-slate-700 p-3 text-sm text-slate-300"
      data-testid="shopify-pixel-guide"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium text-slate-100">
        Shopify checkout: the custom pixel
      </summary>
      <p className="mt-3">
        Checkout pages run no theme script, so the tracker above cannot see checkout. This pixel subscribes to
        Shopify's customer events (checkout steps included), waits for the visitor's analytics consent, reuses
        the tracker's visitor id so storefront and checkout form one journey, and names the order it
        completes.
      </p>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        <li>
          In the Shopify admin, open <strong>Settings → Customer events</strong> and click{' '}
          <strong>Add custom pixel</strong>; name it “Upside”.
        </li>
        <li>
          Under <strong>Customer privacy</strong>, set <strong>Permission</strong> to <em>Required</em> for{' '}
          <em>Analytics</em>.
        </li>
        <li>
          Replace the code box's content with this code, click <strong>Save</strong>, then{' '}
          <strong>Connect</strong>:
          {pixel.isPending && open ? <p className="mt-2 text-slate-400">Loading the pixel…</p> : null}
          {pixel.isError ? (
            <p className="mt-2 text-red-300" role="alert">
              The pixel could not be loaded. Reload the page to try again.
            </p>
          ) : null}
          {pixel.data ? (
            <>
              <pre
                className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-950 p-3 text-xs text-slate-200"
                data-testid="shopify-pixel-code"
              >
                {pixel.data.code}
              </pre>
              <div className="mt-2 flex items-center gap-3">
                <Button variant="outline" onClick={() => copy(pixel.data.code)}>
                  <Copy aria-hidden="true" />
                  Copy pixel
                </Button>
                <span className="text-xs text-slate-400">{pixel.data.bytesGzip} bytes gzipped</span>
              </div>
            </>
          ) : null}
        </li>
      </ol>
    </details>
  );
}
