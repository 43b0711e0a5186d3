import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Issue #37 item 2, decision 132: every table the migrations create is declared once in the drizzle
 * schema (src/server/db/schema), with the same columns, SQL types, nullability and primary key, so
 * the builder, row schemas and test factories can be derived from one declaration. The SQL
 * migrations stay the only DDL (indexes, constraints, foreign keys live there); this test is what
 * keeps the two from drifting apart: a migration that adds a column, or a declaration that names one
 * the database does not have, fails here naming the table and column.
 */

/** The migrator's own bookkeeping table, read and written only by src/server/db/migrate.ts. */
const MIGRATOR_TABLES = new Set(['schema_migrations']);

interface ColumnShape {
  type: string;
  notNull: boolean;
}

/** PostgreSQL's spelling of a type (`format_type`) in the one form both sides are compared in. */
function normaliseType(type: string): string {
  const compact = type.replaceAll(', ', ',').trim();
  if (compact === 'bigserial') return 'bigint';
  if (compact === 'serial') return 'integer';
  return compact;
}

const declaredTables = (Object.values(schema) as unknown[]).flatMap((value) =>
  is(value, PgTable) ? [getTableConfig(value)] : [],
);

describe('the drizzle schema declares every table once', () => {
  let testDatabase: TestDatabase;
  const database = new Map<
    string,
    { kind: 'table' | 'view'; columns: Map<string, ColumnShape>; key: string[] }
  >();

  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase();
    const columns = await queryRows(
      testDatabase.database.db,
      z.object({
        relation: z.string(),
        kind: z.string(),
        name: z.string(),
        type: z.string(),
        not_null: z.boolean(),
      }),
      sql`SELECT c.relname AS relation, c.relkind::text AS kind, a.attname AS name,
                 format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
          FROM pg_class c
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
          WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'v', 'p')
          ORDER BY c.relname, a.attnum`,
    );
    for (const column of columns) {
      const relation = database.get(column.relation) ?? {
        kind: column.kind === 'v' ? ('view' as const) : ('table' as const),
        columns: new Map<string, ColumnShape>(),
        key: [],
      };
      relation.columns.set(column.name, { type: normaliseType(column.type), notNull: column.not_null });
      database.set(column.relation, relation);
    }
    const keys = await queryRows(
      testDatabase.database.db,
      z.object({ relation: z.string(), name: z.string() }),
      sql`SELECT c.relname AS relation, a.attname AS name
          FROM pg_index i
          JOIN pg_class c ON c.oid = i.indrelid
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
          WHERE i.indisprimary AND c.relnamespace = current_schema()::regnamespace
          ORDER BY c.relname, a.attname`,
    );
    for (const key of keys) database.get(key.relation)?.key.push(key.name);
  });
  afterAll(async () => {
    await testDatabase?.drop();
  });

  it('declares every table the migrations create, and none they do not', () => {
    const declared = new Set(declaredTables.map((table) => table.name));
    const undeclared = [...database]
      .filter(
        ([name, relation]) => relation.kind === 'table' && !MIGRATOR_TABLES.has(name) && !declared.has(name),
      )
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
    expect([...declared].filter((name) => !database.has(name))).toEqual([]);
    expect(declaredTables.length).toBe(new Set(declaredTables.map((table) => table.name)).size);
  });

  it('declares each column with the database type, nullability and primary key', () => {
    const differences: string[] = [];
    for (const table of declaredTables) {
      const actual = database.get(table.name);
      if (!actual) continue;
      const declaredNames = new Set(table.columns.map((column) => column.name));
      for (const name of actual.columns.keys()) {
        if (!declaredNames.has(name))
          differences.push(`${table.name}.${name}: in the database, not declared`);
      }
      for (const column of table.columns) {
        const shape = actual.columns.get(column.name);
        if (!shape) {
          differences.push(`${table.name}.${column.name}: declared, not in the database`);
          continue;
        }
        const type = normaliseType(column.getSQLType());
        if (type !== shape.type)
          differences.push(`${table.name}.${column.name}: type ${type}, database ${shape.type}`);
        // A view's columns carry no NOT NULL; only tables are held to it.
        if (actual.kind === 'table' && column.notNull !== shape.notNull) {
          differences.push(
            `${table.name}.${column.name}: notNull ${column.notNull}, database ${shape.notNull}`,
          );
        }
      }
      if (actual.kind === 'table') {
        const declaredKey = [
          ...table.columns.filter((column) => column.primary).map((column) => column.name),
          ...table.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
        ].sort();
        if (declaredKey.join(',') !== actual.key.join(',')) {
          differences.push(`${table.name}: primary key (${declaredKey}), database (${actual.key})`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
