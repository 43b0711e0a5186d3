import {
  HEATMAP_EVENT_TYPES,
  type HeatmapEventType,
  VIEWPORT_BUCKETS,
  type ViewportBucket,
} from '@shared/contracts/cursor-tracking.ts';
import {
  CONVERTED_RULE,
  type HeatmapDevice,
  PATTERN_RULE,
  SEGMENT_RULE,
  VARIANT_RULE,
} from '@shared/contracts/heatmap-insights.ts';
import { Label } from '@web/components/ui/label.tsx';
import { useState } from 'react';
import { useCustomersSummary } from '../../../lib/customers/customer-queries.ts';
import { useSessionExperiments } from '../api/tracking-api.ts';
import { shortPage } from '../lib/format.ts';

/** What the heatmap panel is showing; '' or 'all' where nothing narrows it. */
export interface HeatmapView {
  page: string;
  pattern: string;
  viewport: ViewportBucket | 'all';
  device: HeatmapDevice | 'all';
  eventType: HeatmapEventType | 'all';
  converted: 'all' | 'true' | 'false';
  segment: string;
  /** `experiment:variant`, or '' for every session. */
  variant: string;
  from: string;
  to: string;
}

export const INITIAL_VIEW: HeatmapView = {
  page: '',
  pattern: '',
  viewport: 'all',
  device: 'all',
  eventType: 'all',
  converted: 'all',
  segment: '',
  variant: '',
  from: '',
  to: '',
};

const EVENT_LABELS: Record<HeatmapEventType, string> = {
  click: 'Clicks',
  cursor_move: 'Mouse moves',
  scroll: 'Scroll depth',
};

export const selectClass =
  'h-9 rounded-md border border-slate-600 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400';

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * The heatmap's filters: page or URL pattern, device and viewport, event type, converting or not,
 * RFM segment, A/B variant, and dates; the rules behind "converted", segments and A/B variants are stated below.
 */
export function HeatmapFilterBar({
  trackingId,
  view,
  pages,
  onChange,
}: {
  trackingId: string | undefined;
  view: HeatmapView;
  pages: string[];
  onChange: (view: HeatmapView) => void;
}) {
  const set = <K extends keyof HeatmapView>(key: K, value: HeatmapView[K]) =>
    onChange({ ...view, [key]: value });
  // The pattern applies on Enter or when the field is left, not on every key.
  const [pattern, setPattern] = useState(view.pattern);
  const applyPattern = () => {
    if (pattern.trim() !== view.pattern) set('pattern', pattern.trim());
  };
  const segments = useCustomersSummary().data?.segments.map((s) => s.segment) ?? [];
  const experiments =
    useSessionExperiments({ trackingId, from: view.from || undefined, to: view.to || undefined }).data
      ?.experiments ?? [];
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <Field id="heatmap-page" label="Page">
          <select
            id="heatmap-page"
            className={selectClass}
            value={view.page}
            disabled={view.pattern !== ''}
            onChange={(e) => set('page', e.target.value)}
          >
            <option value="">Busiest page</option>
            {/* A page opened by link (a funnel step's exit page) stays listed before it has heat. */}
            {(view.page && !pages.includes(view.page) ? [...pages, view.page] : pages).map((p) => (
              <option key={p} value={p}>
                {shortPage(p)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="heatmap-pattern" label="URL pattern">
          <input
            id="heatmap-pattern"
            className={`${selectClass} w-40`}
            placeholder="/products/*"
            value={pattern}
            onChange={(e) => setPattern(e.target.value)}
            onBlur={applyPattern}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyPattern();
            }}
          />
        </Field>
        <Field id="heatmap-device" label="Device">
          <select
            id="heatmap-device"
            className={selectClass}
            value={view.device}
            onChange={(e) => set('device', e.target.value as HeatmapView['device'])}
          >
            <option value="all">All devices</option>
            <option value="mobile">Mobile</option>
            <option value="tablet">Tablet</option>
            <option value="desktop">Desktop</option>
          </select>
        </Field>
        <Field id="heatmap-viewport" label="Viewport">
          <select
            id="heatmap-viewport"
            className={selectClass}
            value={view.viewport}
            onChange={(e) => set('viewport', e.target.value as HeatmapView['viewport'])}
          >
            <option value="all">All viewports</option>
            {VIEWPORT_BUCKETS.map((bucket) => (
              <option key={bucket.id} value={bucket.id}>
                {bucket.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="heatmap-event" label="Events">
          <select
            id="heatmap-event"
            className={selectClass}
            value={view.eventType}
            onChange={(e) => set('eventType', e.target.value as HeatmapView['eventType'])}
          >
            <option value="all">Clicks and moves</option>
            {HEATMAP_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EVENT_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="heatmap-converted" label="Sessions">
          <select
            id="heatmap-converted"
            className={selectClass}
            value={view.converted}
            onChange={(e) => {
              const converted = e.target.value as HeatmapView['converted'];
              onChange({ ...view, converted, segment: converted === 'false' ? '' : view.segment });
            }}
          >
            <option value="all">All sessions</option>
            <option value="true">Converted</option>
            <option value="false">Not converted</option>
          </select>
        </Field>
        <Field id="heatmap-segment" label="RFM segment">
          <select
            id="heatmap-segment"
            className={selectClass}
            value={view.segment}
            disabled={view.converted === 'false'}
            onChange={(e) => set('segment', e.target.value)}
          >
            <option value="">All segments</option>
            {segments.map((segment) => (
              <option key={segment} value={segment}>
                {segment}
              </option>
            ))}
          </select>
        </Field>
        <Field id="heatmap-variant" label="A/B variant">
          <select
            id="heatmap-variant"
            className={selectClass}
            value={view.variant}
            onChange={(e) => set('variant', e.target.value)}
          >
            <option value="">All variants</option>
            {experiments.map((experiment) => (
              <optgroup key={experiment.key} label={experiment.key}>
                {experiment.variants.map((variant) => (
                  <option key={variant.name} value={`${experiment.key}:${variant.name}`}>
                    {experiment.key}: {variant.name} ({variant.sessions.toLocaleString('en-US')} sessions)
                  </option>
                ))}
              </optgroup>
            ))}
            {view.variant && !experiments.some((e) => view.variant.startsWith(`${e.key}:`)) && (
              <option value={view.variant}>{view.variant}</option>
            )}
          </select>
        </Field>
        <Field id="heatmap-from" label="From">
          <input
            id="heatmap-from"
            type="date"
            className={selectClass}
            value={view.from}
            onChange={(e) => set('from', e.target.value)}
          />
        </Field>
        <Field id="heatmap-to" label="To">
          <input
            id="heatmap-to"
            type="date"
            className={selectClass}
            value={view.to}
            onChange={(e) => set('to', e.target.value)}
          />
        </Field>
      </div>
      <ul className="space-y-0.5 text-xs text-slate-400" data-testid="heatmap-rules">
        <li>{CONVERTED_RULE}</li>
        <li>{SEGMENT_RULE}</li>
        <li>{PATTERN_RULE}</li>
        <li>{VARIANT_RULE}</li>
      </ul>
    </div>
  );
}
