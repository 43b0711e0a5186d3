import {
  HEATMAP_EVENT_TYPES,
  type HeatmapEventType,
  type HeatmapPoint,
  VIEWPORT_BUCKETS,
  type ViewportBucket,
} from '@shared/contracts/cursor-tracking.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { MousePointerClick } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useHeatmap } from '../api/tracking-api.ts';
import { shortPage } from '../lib/format.ts';
import { drawHeat } from '../lib/heat-canvas.ts';

/** Layout width each viewport bucket is drawn at (x is stored as a fraction of the viewport width). */
export const REFERENCE_WIDTH: Record<ViewportBucket | 'all', number> = {
  mobile: 375,
  tablet: 768,
  laptop: 1024,
  desktop: 1280,
  wide: 1920,
  all: 1280,
};

const EVENT_LABELS: Record<HeatmapEventType, string> = {
  click: 'Clicks',
  cursor_move: 'Mouse moves',
  scroll: 'Scroll depth',
};

const selectClass =
  'h-9 rounded-md border border-slate-600 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400';

/**
 * The Heatmap tab: the spec's red dots (opacity = intensity) over a smooth canvas heatmap, for one
 * page and one viewport bucket at a time. The map is drawn at the bucket's reference width scaled
 * to the panel, so a dot sits where the click was on a screen of that size.
 */
export function HeatmapPanel({ trackingId }: { trackingId: string | undefined }) {
  const [viewport, setViewport] = useState<ViewportBucket | 'all'>('all');
  const [eventType, setEventType] = useState<HeatmapEventType | 'all'>('all');
  const [page, setPage] = useState<string>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const heatmap = useHeatmap({
    trackingId,
    viewport: viewport === 'all' ? undefined : viewport,
    eventType: eventType === 'all' ? undefined : eventType,
    page: page || undefined,
    from: from || undefined,
    to: to || undefined,
  });
  const data = heatmap.data;
  const points = data?.heatmapData ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Heatmap</CardTitle>
        <CardDescription>Where visitors click and move, by page and screen size.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor="heatmap-page">Page</Label>
            <select
              id="heatmap-page"
              className={selectClass}
              value={page}
              onChange={(e) => setPage(e.target.value)}
            >
              <option value="">Busiest page</option>
              {(data?.pages ?? []).map((p) => (
                <option key={p} value={p}>
                  {shortPage(p)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="heatmap-viewport">Viewport</Label>
            <select
              id="heatmap-viewport"
              className={selectClass}
              value={viewport}
              onChange={(e) => setViewport(e.target.value as ViewportBucket | 'all')}
            >
              <option value="all">All viewports</option>
              {VIEWPORT_BUCKETS.map((bucket) => (
                <option key={bucket.id} value={bucket.id}>
                  {bucket.label}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="heatmap-event">Events</Label>
            <select
              id="heatmap-event"
              className={selectClass}
              value={eventType}
              onChange={(e) => setEventType(e.target.value as HeatmapEventType | 'all')}
            >
              <option value="all">Clicks and moves</option>
              {HEATMAP_EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {EVENT_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="heatmap-from">From</Label>
            <input
              id="heatmap-from"
              type="date"
              className={selectClass}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="heatmap-to">To</Label>
            <input
              id="heatmap-to"
              type="date"
              className={selectClass}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
        </div>
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
          <HeatmapCanvas points={points} maxY={data?.maxY ?? 0} referenceWidth={REFERENCE_WIDTH[viewport]} />
        )}
      </CardContent>
    </Card>
  );
}

function HeatmapCanvas({
  points,
  maxY,
  referenceWidth,
}: {
  points: HeatmapPoint[];
  maxY: number;
  referenceWidth: number;
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
  const height = Math.max(240, Math.ceil((maxY + 48) * scale));
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
