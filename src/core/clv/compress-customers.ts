import type { WeightedLifetimeCustomer } from './types.ts';

/**
 * Groups customers with identical (x, tx, T) into one weighted record.
 *
 * Definition: the likelihood of the lifetime models depends on a customer only through
 * (x, tx, T), so Σᵢ ℓ(xᵢ, txᵢ, Tᵢ) = Σ_g count_g · ℓ(x_g, tx_g, T_g).
 * Method: a hash on the triple; O(n). With whole-day times, 100k customers shrink to a few
 * thousand groups, which is what makes a fit of 100k customers take well under a second.
 *
 * @example compressCustomers([{x:0,tx:0,T:5},{x:0,tx:0,T:5}]) // [{x:0,tx:0,T:5,count:2}]
 */
export function compressCustomers(
  customers: readonly WeightedLifetimeCustomer[],
): Required<WeightedLifetimeCustomer>[] {
  // Nested maps on the numbers themselves: formatting 100k float keys as strings costs more than the fit.
  const groups: Required<WeightedLifetimeCustomer>[] = [];
  const byX = new Map<number, Map<number, Map<number, Required<WeightedLifetimeCustomer>>>>();
  for (const customer of customers) {
    const count = customer.count ?? 1;
    let byTx = byX.get(customer.x);
    if (!byTx) {
      byTx = new Map();
      byX.set(customer.x, byTx);
    }
    let byT = byTx.get(customer.tx);
    if (!byT) {
      byT = new Map();
      byTx.set(customer.tx, byT);
    }
    const existing = byT.get(customer.T);
    if (existing) existing.count += count;
    else {
      const group = { x: customer.x, tx: customer.tx, T: customer.T, count };
      byT.set(customer.T, group);
      groups.push(group);
    }
  }
  return groups;
}
