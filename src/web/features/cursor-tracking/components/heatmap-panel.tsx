import type { HeatmapPoint, ViewportBucket } from '@shared/contracts/cursor-tracking.ts';
import type { HeatmapDevice } from '@shared/contracts/heatmap-insights.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { MousePointerClick } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type HeatmapFilters, useHeatmap, useScrollMap } from '../api/tracking-api.ts';
import { drawHeat } from '../lib/heat-canvas.ts';
import { HeatmapFilterBar, type HeatmapView, INITIAL_VIEW } from './heatmap-filter-bar.tsx';
import { ElementRevenueSection, FrustrationSection, ScrollMapSection } from './heatmap-insights.tsx';

/** Layout width each viewport bucket is drawn at (x is stored as a fraction of the viewport width). */
export const REFERENCE_WIDTH: Record<ViewportBucket | 'all', number> = {
  mobile: 375,
  tablet: 768,
  laptop: 1024,
  desktop: 1280,
  wide: 1920,
  all: 1280,
};

/** The panel's filters as the API's query (only what narrows the view). */
function filtersOf(trackingId: string | undefined, view: HeatmapView): HeatmapFilters {
  const chosen = <T extends string>(value: T) =>
    value === 'all' || value === '' ? undefined : (value as Exclude<T, 'all' | ''>);
  return {
    trackingId,
    page: view.pattern ? undefined : chosen(view.page),
    pattern: chosen(view.pattern),
    viewport: chosen(view.viewport),
    device: chosen(view.device),
    converted: chosen(view.converted),
    segment: chosen(view.segment),
    // 'hero:b' → experiment hero, variant b
    experiment: view.variant.split(':')[0] || undefined,
    variant: view.variant.split(':')[1] || undefined,
    from: chosen(view.from),
    to: chosen(view.to),
  };
}

/**
 * The Heatmap tab: the spec's red dots (opacity = intensity) over a smooth canvas heatmap, for one
 * page (or URL pattern) and viewport at a time, filtered by device, converting sessions, RFM
 * segment, A/B variant and dates; the fold line of the scroll map over it, then the scroll map, rage and dead
 * clicks and revenue per element under the same filters. The map is drawn at the bucket's
 * reference width scaled to the panel, so a dot sits where the click was on a screen of that size.
 */
export function HeatmapPanel({
  trackingId,
  initialPage,
}: {
  trackingId: string | undefined;
  /** The page to open on (a page URL), e.g. a funnel step's exit page. */
  initialPage?: string;
}) {
  const [view, setView] = useState<HeatmapView>(() => ({ ...INITIAL_VIEW, page: initialPage ?? '' }));
  const filters = filtersOf(trackingId, view);
  const heatmap = useHeatmap({
    ...filters,
    eventType: view.eventType === 'all' ? undefined : view.eventType,
  });
  const scroll = useScrollMap(filters);
  const data = heatmap.data;
  const points = data?.heatmapData ?? [];
  const referenceWidth =
    REFERENCE_WIDTH[
      view.viewport !== 'all' ? view.viewport : view.device === 'all' ? 'all' : DEVICE_WIDTH[view.device]
    ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Heatmap</CardTitle>
        <CardDescription>
          Where visitors click and move, by page and screen size, and what earned money.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <HeatmapFilterBar trackingId={trackingId} view={view} pages={data?.pages ?? []} onChange={setView} />
        {heatmap.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : heatmap.isError ? (
          <p className="text-sm text-rose-300">{errorSentence(heatmap.error, 'Failed to load data')}</p>
        ) : points.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-400">
            <MousePointerClick aria-hidden="true" className="size-10 text-slate-500" />
            <p className="font-medium text-slate-200">No heatmap data available</p>
            <p className="text-sm">Start tracking to see user interactions</p>
          </div>
        ) : (
          <HeatmapCanvas
            points={points}
            maxY={data?.maxY ?? 0}
            referenceWidth={referenceWidth}
            foldY={scroll.data && scroll.data.views > 0 ? scroll.data.foldY : null}
          />
        )}
        <ScrollMapSection query={scroll} />
        <FrustrationSection filters={filters} />
        <ElementRevenueSection filters={filters} />
      </CardContent>
    </Card>
  );
}

/** The reference layout of a device: phones at 375 px, tablets at 768 px, desktops at 1280 px. */
const DEVICE_WIDTH: Record<HeatmapDevice, ViewportBucket> = {
  mobile: 'mobile',
  tablet: 'tablet',
  desktop: 'desktop',
};

function HeatmapCanvas({
  points,
  maxY,
  referenceWidth,
  foldY,
}: {
  points: HeatmapPoint[];
  maxY: number;
  referenceWidth: number;
  /** The fold (median viewport height, px), drawn as a line; null when unknown. */
  foldY: number | null;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const scale = width > 0 ? width / referenceWidth : 1;
  const height = Math.max(240, Math.ceil((Math.max(maxY, foldY ?? 0) + 48) * scale));
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    canvas.width = width;
    canvas.height = height;
    drawHeat(
      canvas,
      points.map((p) => ({ x: (p.x / 100) * width, y: p.y * scale, intensity: p.intensity })),
    );
  }, [points, width, height, scale]);

  return (
    <div
      ref={boxRef}
      data-testid="heatmap"
      data-reference-width={referenceWidth}
      className="relative w-full overflow-hidden rounded-lg border border-slate-700 bg-slate-950/80"
      style={{ height }}
    >
      <canvas ref={canvasRef} className="absolute inset-0" aria-label="Smooth heatmap" />
      {foldY !== null && (
        <div
          data-testid="fold-line"
          data-fold-y={foldY}
          className="pointer-events-none absolute inset-x-0 border-t-2 border-dashed border-amber-300"
          style={{ top: foldY * scale }}
        >
          <span className="absolute right-1 top-0.5 rounded bg-slate-950/80 px-1 text-xs text-amber-200">
            Fold · {foldY} px
          </span>
        </div>
      )}
      {points.map((p) => (
        <span
          key={`${p.x}:${p.y}`}
          data-testid="heatmap-point"
          data-x={p.x}
          data-y={p.y}
          data-count={p.count}
          title={`${p.count} at ${p.x.toFixed(1)} %, ${p.y} px`}
          className="absolute size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-red-500"
          style={{ left: `${p.x}%`, top: p.y * scale, opacity: Math.max(0.15, p.intensity) }}
        />
      ))}
    </div>
  );
}
