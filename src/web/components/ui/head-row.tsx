/** A table's header row: one left-aligned, muted column heading per label. */
export function HeadRow({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr className="text-left text-slate-400">
        {labels.map((h) => (
          <th key={h} className="py-2 pr-3 font-medium">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}
