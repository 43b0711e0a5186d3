import type { Db } from './client.ts';

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle prepared query built once per database handle and name, then reused. Building one
 * (the query builder, its selection and SQL text) cost about as much server CPU as the rest of a
 * cached request on the hot session reads (GET /api/profit, the dashboard's polls); the driver
 * already prepares it once per connection by its name, so only the JavaScript side was repeated.
 * `build` must not depend on anything but `db` (placeholders carry the per-request values).
 */
export function preparedOnce<Prepared>(db: Db, name: string, build: (db: Db) => Prepared): Prepared {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, build(db));
  return byName.get(name) as Prepared;
}
