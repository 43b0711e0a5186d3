/**
 * A native select with its visible label (also its accessible name), for the filter rows of list
 * pages (Funnels, Creatives): `options` in order, the first usually the "all" choice.
 */
export function LabelledSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <label className="grid gap-1">
      {props.label}
      <select
        aria-label={props.label}
        className="h-10 max-w-full rounded-md border border-slate-600 bg-slate-950/60 px-2 text-sm"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
