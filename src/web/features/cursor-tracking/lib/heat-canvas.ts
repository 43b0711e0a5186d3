/**
 * A smooth heatmap drawn on a canvas, the simpleheat way: a blurred grey circle is stamped once
 * per point with opacity = intensity (intensity is relative to the 99th-percentile count, so one
 * hotspot cannot wash the map out), then every pixel's alpha is mapped through a colour gradient.
 */
export interface HeatPoint {
  /** Canvas px. */
  x: number;
  y: number;
  intensity: number;
}

export const HEAT_GRADIENT: Record<number, string> = {
  0.4: 'blue',
  0.6: 'cyan',
  0.7: 'lime',
  0.8: 'yellow',
  1: 'red',
};

/** 256 RGBA entries of the gradient. */
export function gradientPalette(ctx: CanvasRenderingContext2D): Uint8ClampedArray {
  const gradient = ctx.createLinearGradient(0, 0, 0, 256);
  for (const [stop, colour] of Object.entries(HEAT_GRADIENT)) gradient.addColorStop(Number(stop), colour);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 1, 256);
  const data = ctx.getImageData(0, 0, 1, 256).data;
  ctx.clearRect(0, 0, 1, 256);
  return data;
}

/** Maps alpha (0–255) to the palette in place; pixels below the threshold stay transparent. */
export function colourise(pixels: Uint8ClampedArray, palette: Uint8ClampedArray): void {
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = pixels[i + 3]!;
    if (alpha === 0) continue;
    const j = alpha * 4;
    pixels[i] = palette[j]!;
    pixels[i + 1] = palette[j + 1]!;
    pixels[i + 2] = palette[j + 2]!;
    pixels[i + 3] = Math.min(255, alpha * 1.4);
  }
}

export function drawHeat(canvas: HTMLCanvasElement, points: HeatPoint[], radius = 18, blur = 14): void {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (points.length === 0 || canvas.width === 0 || canvas.height === 0) return;
  const stamp = document.createElement('canvas');
  const r = radius + blur;
  stamp.width = stamp.height = r * 2;
  const sctx = stamp.getContext('2d');
  if (!sctx) return;
  // The circle is drawn off-canvas and only its shadow lands on the stamp: a soft grey disc.
  sctx.shadowOffsetX = sctx.shadowOffsetY = r * 2;
  sctx.shadowBlur = blur;
  sctx.shadowColor = 'black';
  sctx.beginPath();
  sctx.arc(-r, -r, radius, 0, Math.PI * 2, true);
  sctx.closePath();
  sctx.fill();
  for (const point of points) {
    ctx.globalAlpha = Math.min(1, Math.max(0.05, point.intensity));
    ctx.drawImage(stamp, point.x - r, point.y - r);
  }
  ctx.globalAlpha = 1;
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  colourise(image.data, gradientPalette(ctx));
  ctx.putImageData(image, 0, 0);
}
