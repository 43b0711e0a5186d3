import { ReadError } from '@web/components/page-states.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { useDeferredValue, useState } from 'react';
import { useSampleSize } from '../api/experiment-queries.ts';

const FIELDS = [
  { key: 'baselineRate', label: 'Baseline conversion rate (%)' },
  { key: 'minimumDetectableEffect', label: 'Minimum detectable effect (relative %)' },
  { key: 'variants', label: 'Arms (control included)' },
  { key: 'power', label: 'Power (%)' },
  { key: 'significance', label: 'Significance (%)' },
  { key: 'visitorsPerVariant', label: 'Visitors per arm you expect (optional)' },
] as const;
type Field = (typeof FIELDS)[number]['key'];

/**
 * Plan a test before running it: visitors each arm needs to detect the effect, and what effect the
 * visitors you expect can detect. The server computes both with the same formula as the verdict.
 */
export function SampleSizeCalculator() {
  const [values, setValues] = useState<Record<Field, string>>({
    baselineRate: '3',
    minimumDetectableEffect: '10',
    variants: '2',
    power: '80',
    significance: '5',
    visitorsPerVariant: '',
  });
  const deferred = useDeferredValue(values);
  const numbers = Object.fromEntries(
    Object.entries(deferred)
      .filter(([, text]) => text.trim() !== '')
      .map(([key, text]) => [key, Number(text)]),
  ) as Partial<Record<Field, number>>;
  const result = useSampleSize(numbers);
  const plan = result.data;
  return (
    <Card data-testid="sample-size-calculator">
      <CardHeader>
        <CardTitle>Sample size calculator</CardTitle>
        <CardDescription>
          Two-sided test; with more than two arms the significance is split over the comparisons.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <div key={field.key} className="grid gap-1">
              <Label htmlFor={`calc-${field.key}`} className="text-xs">
                {field.label}
              </Label>
              <Input
                id={`calc-${field.key}`}
                inputMode="decimal"
                value={values[field.key]}
                onChange={(e) => setValues({ ...values, [field.key]: e.target.value })}
              />
            </div>
          ))}
        </div>
        {result.isError ? (
          <ReadError error={result.error} />
        ) : plan ? (
          <div className="grid gap-1 text-sm text-slate-200" data-testid="sample-size-result">
            <p>
              {plan.requiredVisitorsPerVariant === null ? (
                'The target rate would exceed 100 %: lower the effect.'
              ) : (
                <>
                  <span className="text-2xl font-bold text-white" data-testid="required-visitors">
                    {plan.requiredVisitorsPerVariant.toLocaleString('en-US')}
                  </span>{' '}
                  visitors per arm ({plan.totalVisitors?.toLocaleString('en-US')} in all) to detect{' '}
                  {plan.baselineRate} % → {plan.targetRate?.toFixed(2)} %.
                </>
              )}
            </p>
            {plan.detectableEffect !== null ? (
              <p data-testid="detectable-effect">
                With {numbers.visitorsPerVariant?.toLocaleString('en-US')} visitors per arm the smallest
                detectable lift is{' '}
                <span className="font-semibold text-white">{plan.detectableEffect.toFixed(1)} %</span>.
              </p>
            ) : numbers.visitorsPerVariant ? (
              <p>Too few visitors to detect any lift at this power.</p>
            ) : null}
            <p className="text-xs text-slate-400">{plan.formula}</p>
          </div>
        ) : (
          <p className="text-sm text-slate-400">Calculating…</p>
        )}
      </CardContent>
    </Card>
  );
}
