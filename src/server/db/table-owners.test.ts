import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { features } from '../main.ts';
import * as schema from './schema/index.ts';
import { layerTables, recordedWrites } from './table-owners.ts';

/**
 * Decision 215 (issue #37 item 1): every table has exactly one owner — a feature's plugin
 * (`tables`) or a layer's folder (`layerTables`) — and is written only by its owner, or by a part
 * recorded in `recordedWrites` with its reason. The writes are found in the source of src/server
 * (tests aside) by what writes a table here:
 * - SQL naming it: `INSERT INTO t`, `UPDATE t`, `DELETE FROM t`, `TRUNCATE t` (upper case, as the
 *   source writes SQL; `FOR UPDATE OF` is a lock, not a write);
 * - the builder: `.insert(table)`, `.update(table)`, `.delete(table)`, or SQL on the interpolated
 *   table object (`INSERT INTO ${analysisCustomers}`);
 * - an upsert spec or writer naming it (`table: 't'`, `table: 'a' | 't'`): the write is counted at
 *   the file that names the table, not at the caller of `upsertRows`;
 * - a statement on a computed table name (`DELETE FROM ${sql.identifier(table)}`): every table the
 *   file quotes (its list of tables to empty);
 * - its partitions (`PARTITION OF t`), and a call of a migration's SQL function that writes it
 *   (`tracking_insert_raw_events(…)`). Triggers' writes are the database's, not a part's.
 */

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The schema's tables: SQL name → the schema's variable name. */
const declared = new Map<string, string>();
for (const [variable, value] of Object.entries(schema))
  if (is(value, PgTable)) declared.set(getTableConfig(value).name, variable);

const migrations = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => readFileSync(`${MIGRATIONS_DIR}${file}`, 'utf8'));

/** The tables the migrations leave: created (partitions aside), minus dropped, renames followed. */
function migrationTables(): Set<string> {
  const tables = new Set<string>();
  const ddl =
    /CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?"?(\w+)"?(\s+PARTITION OF)?|DROP TABLE (?:IF EXISTS )?([\w, ]+)|ALTER TABLE (?:IF EXISTS )?(\w+) RENAME TO (\w+)/gi;
  for (const text of migrations)
    for (const [, created, partition, dropped, from, to] of text.matchAll(ddl)) {
      if (created && !partition) tables.add(created);
      for (const name of dropped?.split(',') ?? []) tables.delete(name.trim());
      if (from && to && tables.delete(from)) tables.add(to);
    }
  return tables;
}

/** A migration's SQL function (not a trigger's) → the tables its body writes. */
function functionWrites(): Map<string, string[]> {
  const writes = new Map<string, string[]>();
  for (const text of migrations)
    for (const [, name, , body] of text.matchAll(
      /CREATE (?:OR REPLACE )?FUNCTION (\w+)\(([^()]|\([^()]*\))*\)\s*RETURNS (?!trigger)[^$]*\$\$([\s\S]*?)\$\$/gi,
    ))
      writes.set(
        name!,
        [...body!.matchAll(/(?:INSERT INTO|UPDATE|DELETE FROM) +(\w+)/gi)].map((m) => m[1]!),
      );
  return writes;
}

/** The part of src/server a source file belongs to: `features/x`, `platform/x`, `domain/x`, or its top folder. */
function partOf(path: string): string {
  const [top, next] = path.split('/');
  return ['features', 'platform', 'domain'].includes(top!)
    ? `${top}/${next}`
    : path.includes('/')
      ? top!
      : path;
}

const sources = readdirSync(SERVER_DIR, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
  .map((path) => ({ path, part: partOf(path), text: readFileSync(`${SERVER_DIR}${path}`, 'utf8') }));

/** Every (table, part) write the source holds, as "table ← part" with the files. */
function writesInSource(): Map<string, Set<string>> {
  const functions = functionWrites();
  const found = new Map<string, Set<string>>();
  const note = (table: string, part: string, path: string) => {
    const key = `${table} ← ${part}`;
    found.set(key, (found.get(key) ?? new Set()).add(path));
  };
  for (const [table, variable] of declared) {
    const writes = new RegExp(
      [
        `(?<!FOR )\\b(INSERT INTO|UPDATE|DELETE FROM|TRUNCATE(?: TABLE)?) +"?${table}\\b`,
        `\\.(insert|update|delete)\\((schema\\.)?${variable}\\)`,
        `(INSERT INTO|UPDATE|DELETE FROM) +\\$\\{${variable}\\}`,
        `\\btable: ('\\w+' \\| )*'${table}'`,
        `PARTITION OF ${table}\\b`,
        ...[...functions].filter(([, tables]) => tables.includes(table)).map(([name]) => `\\b${name}\\(`),
      ].join('|'),
    );
    const quoted = new RegExp(`'${table}'`);
    for (const { path, part, text } of sources) {
      const computed =
        /(INSERT INTO|UPDATE|DELETE FROM) +\$\{sql\.identifier\(/.test(text) && quoted.test(text);
      if (writes.test(text) || computed) note(table, part, path);
    }
  }
  return found;
}

function ownersOf(): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  const own = (table: string, owner: string) => owners.set(table, [...(owners.get(table) ?? []), owner]);
  for (const feature of features)
    for (const table of feature.tables ?? []) own(table, `features/${feature.name}`);
  for (const [layer, tables] of Object.entries(layerTables)) for (const table of tables) own(table, layer);
  return owners;
}

describe('every table has one owner', () => {
  const owners = ownersOf();

  it('every table of the schema and the migrations has exactly one owner, and every owned table exists', () => {
    const tables = new Set([...declared.keys(), ...migrationTables()]);
    expect(tables.size).toBeGreaterThan(100);
    expect([...tables].filter((table) => !owners.has(table)).sort(), 'tables without an owner').toEqual([]);
    expect(
      [...owners].filter(([, by]) => by.length > 1).map(([table, by]) => `${table}: ${by.join(', ')}`),
      'tables with two owners',
    ).toEqual([]);
    expect(
      [...owners.keys()].filter((table) => !tables.has(table)),
      'owned tables that do not exist',
    ).toEqual([]);
  });

  it('a table is written by its owner, or by a part recorded with its reason', () => {
    const recorded = new Set(
      recordedWrites.flatMap((write) => write.tables.map((table) => `${table} ← ${write.by}`)),
    );
    const found = writesInSource();
    const strays = [...found]
      .filter(([key]) => {
        const [table, part] = key.split(' ← ') as [string, string];
        return !owners.get(table)?.includes(part) && !recorded.has(key);
      })
      .map(([key, paths]) => `${key} (${[...paths].join(', ')})`);
    expect(strays, 'writes outside the owner that are not recorded in table-owners.ts').toEqual([]);
    expect(
      [...recorded].filter((key) => !found.has(key)),
      'recorded writes that no longer happen (remove them)',
    ).toEqual([]);
    expect(
      recordedWrites.filter((write) => write.tables.some((table) => owners.get(table)?.includes(write.by))),
      'recorded writes by the owner itself',
    ).toEqual([]);
  });

  it('the scan sees the writes it is meant to see', () => {
    // If a pattern stopped matching, the two checks above would pass on nothing.
    const found = writesInSource();
    for (const key of [
      'wh_orders ← domain/warehouse', // an upsert spec
      'analysis_customers ← features/analysis', // SQL on the table object
      'sessions ← platform/session', // the builder
      'tracking_events ← features/tracking', // a migration's function
      'wh_fact_order_days ← domain/analysis-facts', // a computed table name
    ])
      expect(found.has(key), key).toBe(true);
  });
});
