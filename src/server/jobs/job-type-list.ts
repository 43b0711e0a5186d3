import { type SQL, sql } from 'drizzle-orm';

/** `(type, …)` of these job contracts, for `WHERE type IN …` over the `jobs` table. */
export function jobTypeList(contracts: readonly { type: string }[]): SQL {
  return sql`(${sql.join(
    contracts.map((contract) => sql`${contract.type}`),
    sql`, `,
  )})`;
}
