import type { Opportunity } from '@shared/contracts/opportunities.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { formatMoney, NO_DECIMALS } from '@web/lib/money.ts';
import { formatConfidence, priorityLabel, typeLabel } from '../../../lib/opportunities/format-opportunity.ts';

type Fact = Opportunity['evidence']['facts'][number];

function formatFact(fact: Fact, currency: string): string {
  // An amount is a wire decimal string (decision 171).
  if (fact.unit === 'currency') return formatMoney(fact.value, currency);
  if (typeof fact.value === 'string') return fact.value;
  switch (fact.unit) {
    case 'percent':
      return `${fact.value}%`;
    case 'days':
      return `${fact.value} days`;
    default:
      return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(fact.value);
  }
}

export interface OpportunityDetailsDialogProps {
  opportunity: Opportunity | null;
  onOpenChange(open: boolean): void;
}

/**
 * The details view: why the opportunity exists (evidence and how the range was derived) and, once
 * implemented, the baseline and the change later analysis runs measured, beside the estimate.
 */
export function OpportunityDetailsDialog({ opportunity: o, onOpenChange }: OpportunityDetailsDialogProps) {
  return (
    <Dialog open={o !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {o ? (
          <>
            <DialogHeader>
              <div className="flex flex-wrap gap-2">
                <Badge variant="secondary">{priorityLabel(o.priority)}</Badge>
                <Badge variant="outline">{typeLabel(o.type)}</Badge>
              </div>
              <DialogTitle>{o.title}</DialogTitle>
              <DialogDescription>{o.description}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-3 gap-3 text-sm" data-testid="opportunity-details">
              <div>
                <dt className="text-slate-400">
                  {o.impactKind === 'savings' ? 'Estimated savings' : 'Estimated revenue impact'}
                </dt>
                <dd className="font-semibold text-emerald-300">
                  {formatMoney(o.revenueImpactMin, o.currency, NO_DECIMALS)} –{' '}
                  {formatMoney(o.revenueImpactMax, o.currency, NO_DECIMALS)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-400">Confidence</dt>
                <dd className="font-semibold">{formatConfidence(o.confidenceScore)}</dd>
              </div>
              <div>
                <dt className="text-slate-400">Effort</dt>
                <dd className="font-semibold">{o.effortLevel || 'Medium'}</dd>
              </div>
            </dl>
            <section className="grid gap-2">
              <h4 className="text-sm font-semibold text-white">Evidence</h4>
              <p className="text-sm text-slate-300">{o.evidence.method}</p>
              <table className="w-full text-sm">
                <tbody>
                  {o.evidence.facts.map((fact) => (
                    <tr key={fact.label} className="border-t border-slate-800">
                      <th scope="row" className="py-1.5 pr-4 text-left font-normal text-slate-400">
                        {fact.label}
                      </th>
                      <td className="py-1.5 text-right font-medium">{formatFact(fact, o.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section
              className="grid gap-2 rounded-lg border border-slate-700 p-3 text-sm"
              data-testid="measured-impact"
            >
              <h4 className="font-semibold text-white">Measured impact</h4>
              {o.status !== 'implemented' ? (
                <p className="text-slate-300">
                  Not implemented yet. Implementing records {o.metricLabel.toLowerCase()} as the baseline;
                  later analysis runs measure the change.
                </p>
              ) : (
                <>
                  <p className="text-slate-300">
                    Implemented {o.implementedAt ? new Date(o.implementedAt).toLocaleString() : ''}. Baseline
                    ({o.metricLabel.toLowerCase()}): {formatMoney(o.baselineValue, o.currency, NO_DECIMALS)}.
                  </p>
                  {o.realisedImpact === null ? (
                    <p className="text-slate-300">Measuring: the next analysis run reports the change.</p>
                  ) : (
                    <p>
                      <span className="text-slate-400">Measured change: </span>
                      <span
                        className={
                          o.realisedImpact.startsWith('-')
                            ? 'font-semibold text-red-300'
                            : 'font-semibold text-emerald-300'
                        }
                      >
                        {o.realisedImpact.startsWith('-') ? '' : '+'}
                        {formatMoney(o.realisedImpact, o.currency, NO_DECIMALS)}
                      </span>
                      <span className="text-slate-400">
                        {' '}
                        against an estimate of {formatMoney(o.revenueImpactMin, o.currency, NO_DECIMALS)} –{' '}
                        {formatMoney(o.revenueImpactMax, o.currency, NO_DECIMALS)}
                      </span>
                    </p>
                  )}
                </>
              )}
            </section>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
