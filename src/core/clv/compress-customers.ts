import type { LifetimeCustomer, WeightedLifetimeCustomer } from './types.ts';

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
  const groups = new Map<string, Required<WeightedLifetimeCustomer>>();
  for (const customer of customers) {
    const key = `${customer.x}|${customer.tx}|${customer.T}`;
    const existing = groups.get(key);
    const count = customer.count ?? 1;
    if (existing) existing.count += count;
    else groups.set(key, { x: customer.x, tx: customer.tx, T: customer.T, count });
  }
  return [...groups.values()];
}

export type { LifetimeCustomer };
