import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';

export type PeriodDays = '7' | '30' | '90';

/** The 7 / 30 / 90-day period selector shared by the pages that report over a period (spec §7 `period`). */
export function PeriodSelect<P extends PeriodDays>({
  value,
  onChange,
}: {
  value: P;
  onChange: (period: P) => void;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as P)}>
      <SelectTrigger aria-label="Period" className="w-40" data-testid="period-select">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="7">Last 7 days</SelectItem>
        <SelectItem value="30">Last 30 days</SelectItem>
        <SelectItem value="90">Last 90 days</SelectItem>
      </SelectContent>
    </Select>
  );
}
