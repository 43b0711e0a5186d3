import {
  CreateTrackingConfigurationSchema,
  type TrackingConfiguration,
} from '@shared/contracts/tracking-configurations.ts';
import { embedSnippet } from '@shared/tracker-snippet.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { useToast } from '@web/components/ui/use-toast.ts';
import { errorSentence } from '@web/lib/api-error.ts';
import { BarChart3, Copy, Globe, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  useCreateTrackingConfiguration,
  useDeleteTrackingConfiguration,
  useSetTrackingActive,
  useTrackingConfigurations,
} from '../api/tracking-api.ts';
import { ShopifyPixelGuide } from './shopify-pixel-guide.tsx';
import { ShopifyThemeGuide } from './shopify-theme-guide.tsx';
import { VerifyInstallation } from './verify-installation.tsx';

export const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete this tracking configuration?';

/** Add Website dialog (spec §2, §5): name required; URL required and a valid URL. */
function AddWebsiteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [websiteName, setWebsiteName] = useState('');
  const [websiteUrl, setWebsiteUrl] = useState('');
  const [errors, setErrors] = useState<{ websiteName?: string; websiteUrl?: string }>({});
  const create = useCreateTrackingConfiguration();
  const { toast } = useToast();
  const close = () => {
    setWebsiteName('');
    setWebsiteUrl('');
    setErrors({});
    onOpenChange(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateTrackingConfigurationSchema.safeParse({ websiteName, websiteUrl });
    if (!parsed.success) {
      const found: { websiteName?: string; websiteUrl?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'websiteName' || field === 'websiteUrl') && !found[field])
          found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Website added', description: `${parsed.data.websiteName} is ready to track.` });
        close();
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorSentence(error, 'Request failed'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add Website</DialogTitle>
            <DialogDescription>Track cursor movement and clicks on one of your websites.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="website-name">Website Name</Label>
            <Input
              id="website-name"
              value={websiteName}
              placeholder="My Store"
              onChange={(e) => setWebsiteName(e.target.value)}
              aria-invalid={errors.websiteName ? true : undefined}
            />
            {errors.websiteName ? <p className="text-sm text-rose-300">{errors.websiteName}</p> : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="website-url">Website URL</Label>
            <Input
              id="website-url"
              type="url"
              value={websiteUrl}
              placeholder="https://mystore.com"
              onChange={(e) => setWebsiteUrl(e.target.value)}
              aria-invalid={errors.websiteUrl ? true : undefined}
            />
            {errors.websiteUrl ? <p className="text-sm text-rose-300">{errors.websiteUrl}</p> : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Create
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function WebsiteCard({ configuration }: { configuration: TrackingConfiguration }) {
  const { toast } = useToast();
  const setActive = useSetTrackingActive();
  const remove = useDeleteTrackingConfiguration();
  const snippet = embedSnippet(configuration, window.location.origin);
  const onError = (error: Error) =>
    toast({ title: 'Error', description: errorSentence(error, 'Request failed'), variant: 'destructive' });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast({ title: 'Copied', description: 'Tracking code copied to the clipboard.' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the code and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  const confirmDelete = () => {
    if (window.confirm(DELETE_CONFIRM_TEXT)) remove.mutate(configuration, { onError });
  };
  return (
    <Card data-testid="website-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <CardTitle className="flex items-center gap-2">
              <Globe aria-hidden="true" className="size-5 text-indigo-300" />
              {configuration.websiteName}
            </CardTitle>
            <CardDescription className="truncate">{configuration.websiteUrl}</CardDescription>
          </div>
          <Badge variant={configuration.isActive ? 'success' : 'secondary'}>
            {configuration.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </div>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="overview">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="code">Code</TabsTrigger>
            <TabsTrigger value="settings">Settings</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="space-y-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-slate-400">Tracking ID</dt>
              <dd className="font-mono text-slate-200" data-testid="tracking-id">
                {configuration.trackingId}
              </dd>
              <dt className="text-slate-400">Created</dt>
              <dd className="text-slate-200">{new Date(configuration.createdAt).toLocaleDateString()}</dd>
            </dl>
            <Button
              variant="outline"
              onClick={() =>
                window.open(
                  `/cursor-tracking?trackingId=${encodeURIComponent(configuration.trackingId)}`,
                  '_blank',
                )
              }
            >
              <BarChart3 aria-hidden="true" />
              View Analytics
            </Button>
          </TabsContent>
          <TabsContent value="code" className="space-y-3">
            <p className="text-sm text-slate-400">
              Paste this before the closing &lt;/head&gt; tag of every page:
            </p>
            <pre
              className="overflow-x-auto rounded-md bg-slate-950 p-3 text-xs text-slate-200"
              data-testid="embed-snippet"
            >
              {snippet}
            </pre>
            <Button variant="outline" onClick={copy}>
              <Copy aria-hidden="true" />
              Copy Code
            </Button>
            <ShopifyThemeGuide configuration={configuration} />
            <ShopifyPixelGuide configuration={configuration} />
            <VerifyInstallation configuration={configuration} />
          </TabsContent>
          <TabsContent value="settings" className="flex flex-wrap gap-3">
            <Button
              variant="outline"
              disabled={setActive.isPending}
              onClick={() =>
                setActive.mutate({ id: configuration.id, isActive: !configuration.isActive }, { onError })
              }
            >
              {configuration.isActive ? 'Disable Tracking' : 'Enable Tracking'}
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmDelete}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

const STEPS = [
  { title: 'Add your website', text: 'Click Add Website and enter its name and URL.' },
  { title: 'Copy the tracking code', text: 'Open the Code tab of the website card and click Copy Code.' },
  {
    title: 'Install the code',
    text: 'Paste it before the closing </head> tag of every page (on Shopify: in layout/theme.liquid, steps in the Code tab).',
  },
  {
    title: 'Verify and view analytics',
    text: 'Click Verify installation in the Code tab, then open View Analytics on the card.',
  },
];

/** The Manage Websites tab (spec §2). */
export function ManageWebsites() {
  const configurations = useTrackingConfigurations();
  const [adding, setAdding] = useState(false);
  const list = configurations.data ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-white">Tracked Websites</h2>
          <p className="text-sm text-slate-400">
            Add your store and paste one snippet to record its visitors.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Website
        </Button>
      </div>
      <AddWebsiteDialog open={adding} onOpenChange={setAdding} />
      {configurations.isPending ? (
        <Skeleton className="h-40" />
      ) : configurations.isError ? (
        <p className="text-sm text-rose-300">
          {errorSentence(configurations.error, 'Failed to load websites')}
        </p>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
            <Globe aria-hidden="true" className="size-10 text-slate-500" />
            <p className="font-medium text-slate-200">No websites tracked yet</p>
            <p className="text-sm text-slate-400">
              Add your first website to start recording cursor activity.
            </p>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {list.map((configuration) => (
            <WebsiteCard key={configuration.id} configuration={configuration} />
          ))}
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Setup Instructions</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-4 md:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-500 text-sm font-semibold text-white">
                  {index + 1}
                </span>
                <div>
                  <p className="font-medium text-slate-100">{step.title}</p>
                  <p className="text-sm text-slate-400">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
