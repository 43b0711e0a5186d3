/**
 * What the demo store's owner would enter by hand for profit, as the `DemoProfitSetup` contract
 * carries it: the cost history as costs-CSV rows, the shipping profiles, the fee rule of the
 * gateway whose transactions carry no fees, and the custom expenses. Demo mode hands it to the
 * server (`DemoRuntime.profitSetup`); connecting the demo store enters it before the first backfill.
 */
import type { DemoProfitSetup } from '../../shared/contracts/demo-profit.ts';
import { currencyDigitsOf, minorToDecimal } from '../../shared/money.ts';
import type { DemoVariant } from '../model.ts';
import type { DemoProfitPlan } from './model.ts';

/** The owner's profit setup for a generated store. */
export function demoProfitSetup(plan: DemoProfitPlan, variants: readonly DemoVariant[]): DemoProfitSetup {
  const digits = currencyDigitsOf(plan.currency);
  const money = (minor: number) => minorToDecimal(minor, digits);
  return {
    costs: variants.flatMap((variant) =>
      plan.costHistory[variant.index]!.map((period) => ({
        sku: variant.sku,
        variantId: variant.legacyId,
        cost: money(period.costMinor),
        effectiveFrom: period.effectiveFrom,
      })),
    ),
    shippingProfiles: plan.shippingProfiles.map((p) => ({
      country: p.country,
      minGrams: p.minGrams,
      maxGrams: p.maxGrams,
      cost: money(p.costMinor),
    })),
    paymentFeeRules: plan.feeRules.map((rule) => ({
      gateway: rule.gateway,
      percent: rule.percent,
      fixed: money(rule.fixedMinor),
    })),
    expenses: plan.expenses.map((e) => ({
      name: e.name,
      kind: e.kind,
      amount: e.amountMinor !== null ? money(e.amountMinor) : (e.percent ?? '0'),
      startsOn: e.startsOn,
      endsOn: e.endsOn,
    })),
  };
}
