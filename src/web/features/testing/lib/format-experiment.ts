import type { ExperimentInput } from '@shared/contracts/experiments.ts';

/** A fraction as a percent: 0.2534 → "25.34 %". */
export function formatRate(fraction: number, digits = 2): string {
  return `${(fraction * 100).toFixed(digits)} %`;
}

/** A relative lift with its sign: 0.25 → "+25.0 %", −0.1 → "−10.0 %"; a dash without one. */
export function formatLift(lift: number | null): string {
  if (lift === null) return '—';
  return `${lift >= 0 ? '+' : '−'}${Math.abs(lift * 100).toFixed(1)} %`;
}

/** p-values as statisticians read them: "< 0.001" below a thousandth, else three decimals. */
export function formatPValue(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** The form's text fields for one arm; `key` identifies the row while arms are added and removed. */
export interface VariantDraft {
  key: string;
  name: string;
  visitors: string;
  conversions: string;
  revenue: string;
}

export interface ExperimentDraft {
  name: string;
  hypothesis: string;
  minimumDetectableEffect: string;
  variants: VariantDraft[];
}

export const emptyDraft = (): ExperimentDraft => ({
  name: '',
  hypothesis: '',
  minimumDetectableEffect: '10',
  variants: [
    { key: 'arm-0', name: 'Control', visitors: '', conversions: '', revenue: '' },
    { key: 'arm-1', name: 'Variant B', visitors: '', conversions: '', revenue: '' },
  ],
});

/** Empty numbers are 0 (an arm just started); anything else goes to the server as typed, which validates it. */
const toNumber = (text: string) => (text.trim() === '' ? 0 : Number(text.replaceAll(',', '')));

/** The form's text as the API's input; the server's zod schema gives the error messages. */
export function draftToInput(draft: ExperimentDraft): ExperimentInput {
  return {
    name: draft.name,
    hypothesis: draft.hypothesis,
    minimumDetectableEffect: toNumber(draft.minimumDetectableEffect),
    variants: draft.variants.map((v) => ({
      name: v.name,
      visitors: toNumber(v.visitors),
      conversions: toNumber(v.conversions),
      // Sent as typed (decision 170): an exact decimal string, "0" for an arm just started.
      revenue: v.revenue.trim() === '' ? '0' : v.revenue.trim().replaceAll(',', ''),
    })),
  };
}

/** The next arm's default name: Variant C, D, … */
export function nextVariantName(count: number): string {
  return `Variant ${String.fromCharCode(65 + count)}`;
}
