import { addDays } from '@shared/calendar.ts';
import { VIEWPORT_BUCKETS } from '@shared/contracts/cursor-tracking.ts';
import { shopToday } from '@web/components/date-range.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { LabelledSelect } from '@web/components/ui/labelled-select.tsx';
import { useActiveTimeZone } from '@web/lib/stores/store-queries.ts';
import { useState } from 'react';
import { useCustomersSummary } from '../../../lib/customers/customer-queries.ts';
import { useFunnels } from '../api/funnel-queries.ts';
import { FunnelBuilder } from './funnel-builder.tsx';
import { FunnelReport } from './funnel-report.tsx';

/** The channels of a session (sessionChannelOf → channelOf). */
const CHANNELS = ['direct', 'google_organic', 'google_ads', 'meta_ads', 'tiktok_ads', 'email', 'referral'];

/** One labelled filter of the report: a native select, so the browser's own keyboard use holds. */

/**
 * Funnels (issue 40): the built-in checkout funnel and the store's saved funnels, each reported
 * over a range of days and filtered by device, channel, UTM campaign, new vs returning visitors or
 * the RFM segment of the visitor's customer (the segments of /customers), and the builder for a new one.
 */
export function FunnelsPage() {
  const funnels = useFunnels();
  const [id, setId] = useState('checkout');
  // The last 30 shop days until the owner picks others: today in the store's time zone (the UTC
  // date is tomorrow in an American evening), the browser's own day while the store list loads.
  const today = shopToday(useActiveTimeZone() ?? null);
  const [picked, setPicked] = useState<{ from?: string; to?: string }>({});
  const to = picked.to ?? today;
  const from = picked.from ?? addDays(to, -29);
  const setFrom = (value: string) => setPicked((range) => ({ ...range, from: value }));
  const setTo = (value: string) => setPicked((range) => ({ ...range, to: value }));
  const [device, setDevice] = useState('');
  const [channel, setChannel] = useState('');
  const [campaign, setCampaign] = useState('');
  const [visitor, setVisitor] = useState('');
  const [segment, setSegment] = useState('');
  const segments = useCustomersSummary().data?.segments.map((s) => s.segment) ?? [];
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Funnels</CardTitle>
          <CardDescription>
            Sessions through each step in order, where they drop off, and the revenue of the orders that
            passed
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-end gap-3 text-sm">
            <LabelledSelect
              label="Funnel"
              value={id}
              onChange={setId}
              options={[
                { value: 'checkout', label: 'Checkout (built in)' },
                ...(funnels.data ?? []).map((f) => ({ value: f.id, label: f.name })),
              ]}
            />
            <label className="grid gap-1">
              From
              <Input type="date" aria-label="From" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className="grid gap-1">
              To
              <Input type="date" aria-label="To" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
            <LabelledSelect
              label="Device"
              value={device}
              onChange={setDevice}
              options={[
                { value: '', label: 'All devices' },
                ...VIEWPORT_BUCKETS.map((b) => ({ value: b.id, label: b.label })),
              ]}
            />
            <LabelledSelect
              label="Channel"
              value={channel}
              onChange={setChannel}
              options={[
                { value: '', label: 'All channels' },
                ...CHANNELS.map((c) => ({ value: c, label: c })),
              ]}
            />
            <LabelledSelect
              label="Visitors"
              value={visitor}
              onChange={setVisitor}
              options={[
                { value: '', label: 'New and returning' },
                { value: 'new', label: 'New' },
                { value: 'returning', label: 'Returning' },
              ]}
            />
            <LabelledSelect
              label="RFM segment"
              value={segment}
              onChange={setSegment}
              options={[
                { value: '', label: 'All segments' },
                ...segments.map((s) => ({ value: s, label: s })),
              ]}
            />
            <label className="grid gap-1">
              Campaign
              <Input
                aria-label="Campaign"
                placeholder="utm_campaign"
                value={campaign}
                onChange={(e) => setCampaign(e.target.value.trim())}
              />
            </label>
          </div>
          {funnels.isError ? (
            <p role="alert" className="text-sm text-red-300">
              Saved funnels could not be loaded.
            </p>
          ) : null}
          <FunnelReport
            id={id}
            filters={{
              from,
              to,
              device: device || undefined,
              channel: channel || undefined,
              campaign: campaign || undefined,
              visitor: visitor || undefined,
              segment: segment || undefined,
            }}
          />
        </CardContent>
      </Card>
      <FunnelBuilder onCreated={setId} />
    </div>
  );
}
