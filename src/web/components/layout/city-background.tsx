import cityscapeUrl from '@web/assets/cityscape.svg';

/**
 * The page shell's fixed cityscape (spec §2): our own SVG skyline pinned behind the content, under a dark
 * overlay so text on top keeps a high contrast. Decorative only, hidden from assistive technology.
 */
export function CityBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-0 overflow-hidden">
      <img src={cityscapeUrl} alt="" className="h-full w-full object-cover object-bottom" />
      <div className="absolute inset-0 bg-gradient-to-b from-slate-950/85 via-slate-950/65 to-slate-950/80" />
    </div>
  );
}
