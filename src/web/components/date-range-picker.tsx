import { daysBetween, isShopDay } from '@shared/calendar.ts';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { useId, useState } from 'react';
import {
  DATE_RANGE_COMPARE_LABELS,
  DATE_RANGE_COMPARES,
  DATE_RANGE_PRESET_LABELS,
  DATE_RANGE_PRESETS,
  type DateRangeCompare,
  type DateRangePreset,
  type DateRangeValue,
  presetRange,
} from './date-range.ts';

/**
 * A date range with an optional comparison, shared by the pages that report over any range
 * (issue #13). Presets: last 7 / 30 / 90 days, month to date, last month, or a custom range typed
 * as two dates; compare with nothing, the previous period or the previous year. `today` anchors
 * the presets (the page passes the day it considers today). A custom range is applied only once
 * both dates are valid and in order; until then the field says what is wrong.
 */
export function DateRangePicker({
  value,
  onChange,
  today,
  maxDays,
  comparable = true,
}: {
  value: DateRangeValue;
  onChange: (next: DateRangeValue) => void;
  today: string;
  /** Longest custom range accepted, in days. */
  maxDays?: number;
  /** Offer the comparison choice (false: a page that reports one range only). */
  comparable?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState({ from: value.from, to: value.to });
  const [problem, setProblem] = useState<string | null>(null);

  const choosePreset = (preset: DateRangePreset) => {
    if (preset === 'custom') {
      setDraft({ from: value.from, to: value.to });
      setProblem(null);
      onChange({ ...value, preset });
      return;
    }
    onChange({ ...value, preset, ...presetRange(preset, today) });
  };

  const editCustom = (field: 'from' | 'to', day: string) => {
    const next = { ...draft, [field]: day };
    setDraft(next);
    const issue = customRangeProblem(next.from, next.to, maxDays);
    setProblem(issue);
    if (!issue) onChange({ ...value, preset: 'custom', ...next });
  };

  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="date-range-picker">
      <Select value={value.preset} onValueChange={(next) => choosePreset(next as DateRangePreset)}>
        <SelectTrigger aria-label="Date range" className="w-44" data-testid="date-range-preset">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {DATE_RANGE_PRESETS.map((preset) => (
            <SelectItem key={preset} value={preset}>
              {DATE_RANGE_PRESET_LABELS[preset]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {value.preset === 'custom' ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-from`} className="text-xs">
              From
            </Label>
            <Input
              id={`${id}-from`}
              type="date"
              className="w-40"
              value={draft.from}
              max={draft.to}
              onChange={(event) => editCustom('from', event.target.value)}
              aria-invalid={problem !== null}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-to`} className="text-xs">
              To
            </Label>
            <Input
              id={`${id}-to`}
              type="date"
              className="w-40"
              value={draft.to}
              min={draft.from}
              onChange={(event) => editCustom('to', event.target.value)}
              aria-invalid={problem !== null}
            />
          </div>
          {problem ? (
            <p role="alert" className="basis-full text-xs text-red-300">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      {comparable ? (
        <Select
          value={value.compare}
          onValueChange={(next) => onChange({ ...value, compare: next as DateRangeCompare })}
        >
          <SelectTrigger aria-label="Compare with" className="w-60" data-testid="date-range-compare">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DATE_RANGE_COMPARES.map((compare) => (
              <SelectItem key={compare} value={compare}>
                {DATE_RANGE_COMPARE_LABELS[compare]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : null}
    </div>
  );
}

function customRangeProblem(from: string, to: string, maxDays: number | undefined): string | null {
  if (!isShopDay(from) || !isShopDay(to)) return 'Enter both dates.';
  if (from > to) return 'The start date must be on or before the end date.';
  if (from < '2000-01-01' || to > '2100-12-31') return 'Dates must lie between 2000 and 2100.';
  if (maxDays !== undefined) {
    if (daysBetween(from, to) + 1 > maxDays) return `A range may span at most ${maxDays} days.`;
  }
  return null;
}
