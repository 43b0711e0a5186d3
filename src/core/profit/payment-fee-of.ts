import { percentOfMinor } from './percent-of-minor.ts';

/** A gateway fee rule entered by the owner: `percent` of the amount + `fixedMinor`. */
export interface PaymentFeeRule {
  gateway: string;
  percent: string;
  fixedMinor: number;
}

/**
 * The payment fee of one transaction (decision 010). Only successful SALE and CAPTURE
 * transactions carry a fee: Σ the fees the gateway returned; when it returned none, the owner's
 * rule for that gateway (`percent × amount` rounded half away from zero, `+ fixed`); 0 without a rule.
 */
export function paymentFeeOf(
  transaction: {
    kind: string;
    status: string;
    gateway: string;
    amountMinor: number;
    feesMinor: readonly number[];
  },
  rules: readonly PaymentFeeRule[],
): number {
  if (transaction.status !== 'SUCCESS' || (transaction.kind !== 'SALE' && transaction.kind !== 'CAPTURE'))
    return 0;
  if (transaction.feesMinor.length > 0) return transaction.feesMinor.reduce((sum, fee) => sum + fee, 0);
  const rule = rules.find((r) => r.gateway === transaction.gateway);
  return rule ? percentOfMinor(transaction.amountMinor, rule.percent) + rule.fixedMinor : 0;
}
