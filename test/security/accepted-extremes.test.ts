import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import type { RegisteredRoute } from '../../src/server/http/plugins/openapi.ts';
import { extremeCasesOf } from '../support/bad-input/extreme-values.ts';
import { sendRaw } from '../support/bad-input/raw-request.ts';
import { asStrings, fillPath } from '../support/bad-input/route-cases.ts';
import { changedTables, watchTableChecksums } from '../support/bad-input/table-checksums.ts';
import { defOf, sampleOf, unwrap } from '../support/bad-input/zod-samples.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Issue #19 item 1, the other half: generated *valid* extremes on every state-changing route
 * (test/security/bad-input.test.ts sends only what must be refused). From each route's body
 * contract (`extremeCasesOf`): the longest and shortest strings of mixed-script unicode, astral
 * characters, quotes and LIKE wildcards, the edges of numbers, empty and longest arrays, null
 * where allowed, and edge values of patterned strings (money, percentages, days). Signed in as the
 * owner of a demo-connected workspace, every case must be answered within the timeout with
 * - a 2xx, after which every free-text string it carried is stored exactly as sent (found byte for
 *   byte in a table the request changed), or
 * - a 4xx `{ message, code }` whose message names a field of the input (a 404 or 409 for a thing
 *   that does not exist or a state that does not allow it may name none);
 * never a 5xx. Prints the counts per endpoint.
 */
const TIMEOUT_MS = 30_000;

/** Routes left out, and why. */
const SKIPPED: Array<[RegExp, string]> = [
  [/^POST \/api\/logout$/, 'ends the session'],
  [
    /^(POST|PUT|DELETE) \/api\/credentials\//,
    'connects to the vendors with the values (secrets encrypted, not stored as sent); own tests',
  ],
  [/^POST \/api\/demo\/connect$/, 'replaces the connections; own tests'],
];

interface Tally {
  route: string;
  cases: number;
  accepted: number;
  refused: number;
  failed: string[];
  /** Why no case could be generated (the contract's sample could not be made valid). */
  unusable: string | undefined;
}

/** Text-like columns of the given tables. */
async function textColumns(app: DemoTestApp, tables: string[]) {
  if (tables.length === 0) return [];
  return queryRows(
    app.db,
    z.object({ table: z.string(), column: z.string(), json: z.boolean() }),
    sql`SELECT table_name AS "table", column_name AS "column", data_type IN ('json', 'jsonb') AS json
        FROM information_schema.columns WHERE table_schema = 'public'
          AND table_name IN (${sql.join(
            tables.map((table) => sql`${table}`),
            sql`, `,
          )})
          AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
  );
}

/** Whether `text` is stored, exactly, in one of the text columns (or as a JSON string) of `tables`. */
async function storedExactly(app: DemoTestApp, tables: string[], text: string): Promise<boolean> {
  const columns = await textColumns(app, tables);
  const escaped = JSON.stringify(text);
  for (const { table, column, json } of columns) {
    const where: SQL = json
      ? sql`strpos(${sql.identifier(column)}::text, ${escaped}) > 0`
      : sql`strpos(${sql.identifier(column)}::text, ${text}) > 0`;
    const [found] = await queryRows(
      app.db,
      z.object({ found: z.boolean() }),
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE ${where}) AS found`,
    );
    if (found?.found) return true;
  }
  return false;
}

const fieldsOf = (value: unknown): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => [key, ...fieldsOf(child)])
    : [];

/** A field as code (`variantId`, `property_id`) or as the owner reads it ("variant id", "Property ID"). */
const names = (field: string) => [
  field,
  field.replace(/_/g, ' ').toLowerCase(),
  field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
];
const namesAField = (message: string, body: unknown) =>
  fieldsOf(body)
    .flatMap(names)
    .some((name) => message.toLowerCase().includes(name.toLowerCase()));

describe('generated valid extremes on every state-changing route', () => {
  let app: DemoTestApp;
  let owner: string;

  beforeAll(async () => {
    ({ app, owner } = await startConnectedDemoApp());
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });

  /** Ids of rows that exist, so the extremes reach the handler's write instead of a 404. */
  const existing = async () => {
    const [variant] = await queryRows(
      app.db,
      z.object({ id: z.string() }),
      sql`SELECT variant_id::text AS id FROM wh_variants ORDER BY variant_id LIMIT 1`,
    );
    const [expense] = await queryRows(
      app.db,
      z.object({ id: z.string() }),
      sql`SELECT id::text AS id FROM expenses ORDER BY id LIMIT 1`,
    );
    return {
      body: (variant ? { variantId: variant.id } : {}) as Record<string, string>,
      params: (route: string): Record<string, string> =>
        route.includes('/api/costs/expenses/') && expense ? { id: expense.id } : {},
    };
  };

  it('answers each with a 2xx that stores the text exactly, or a 4xx naming the field, never a 5xx', async () => {
    const routes = app.server.app.routeTable.filter((route: RegisteredRoute) => {
      const body = (route.schema as { body?: unknown } | undefined)?.body;
      return (
        route.method !== 'GET' &&
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS' &&
        body !== undefined &&
        defOf(unwrap(body as never)).type === 'object'
      );
    });
    const tallies: Tally[] = [];
    const skipped: string[] = [];
    // Each reading hashes only the tables written since the last one (decision 219).
    const watch = await watchTableChecksums(app.db);
    let checksums = await watch.read();
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const skip = SKIPPED.find(([pattern]) => pattern.test(name));
      if (skip) {
        skipped.push(`${name} (${skip[1]})`);
        continue;
      }
      const schema = route.schema as { params?: never; body: never };
      const known = await existing();
      const params = { ...(schema.params ? asStrings(sampleOf(schema.params)) : {}), ...known.params(name) };
      const path = fillPath(route.url, params);
      const tally: Tally = {
        route: name,
        cases: 0,
        accepted: 0,
        refused: 0,
        failed: [],
        unusable: undefined,
      };
      tallies.push(tally);
      const { cases, unusable } = extremeCasesOf(schema.body, known.body);
      tally.unusable = unusable;
      for (const testCase of cases) {
        tally.cases += 1;
        const result = await sendRaw(
          app.baseUrl,
          {
            method: route.method,
            path,
            headers: { cookie: owner, origin: app.baseUrl, 'content-type': 'application/json' },
            body: Buffer.from(JSON.stringify(testCase.body)),
          },
          TIMEOUT_MS,
        );
        const fail = (problem: string) => tally.failed.push(`${testCase.label}: ${problem}`);
        if (result.kind === 'failed') {
          fail(result.reason);
          continue;
        }
        const { status, text } = result;
        if (status >= 500) {
          fail(`answered ${status}: ${text.slice(0, 200)}`);
          continue;
        }
        if (status >= 400) {
          tally.refused += 1;
          let envelope: { message?: unknown; code?: unknown } = {};
          try {
            envelope = JSON.parse(text) as typeof envelope;
          } catch {
            // judged below
          }
          const message = typeof envelope.message === 'string' ? envelope.message : '';
          if (!message || typeof envelope.code !== 'string')
            fail(`answered ${status} without { message, code }: ${text.slice(0, 200)}`);
          else if (![404, 409].includes(status) && !namesAField(message, testCase.body))
            fail(`answered ${status} naming no field: ${message.slice(0, 200)}`);
          continue;
        }
        tally.accepted += 1;
        if (testCase.texts.length === 0) continue;
        const after = await watch.read();
        const changed = changedTables(checksums, after).filter((table) => table !== 'sessions');
        checksums = after;
        for (const sent of testCase.texts)
          if (!(await storedExactly(app, changed, sent)))
            fail(
              `accepted (${status}) but "${sent.slice(0, 40)}…" (${sent.length} chars) is not stored as sent in ${changed.join(', ') || 'any table'}`,
            );
      }
      // Refused cases store nothing; accepted ones moved the checksums, which the next text check needs.
      checksums = await watch.read();
      // No case may end the owner's session.
      if ((await app.request('/api/auth/user', { cookie: owner })).status !== 200) {
        tally.failed.push('the owner was signed out');
        owner = await app.signIn('owner@example.com', 'Olive');
      }
    }
    const failures = tallies.flatMap((tally) => tally.failed.map((problem) => `${tally.route} — ${problem}`));
    const total = tallies.reduce((sum, tally) => sum + tally.cases, 0);
    console.info(
      `valid extremes per endpoint (skipped: ${skipped.join('; ')}):\n${tallies
        .map(
          (tally) =>
            `${String(tally.cases).padStart(4)} cases ${String(tally.accepted).padStart(3)} accepted ${String(tally.refused).padStart(3)} refused ${tally.failed.length > 0 ? `${tally.failed.length} FAILED` : 'ok'}  ${tally.route}${tally.unusable ? ` (${tally.unusable})` : ''}`,
        )
        .join(
          '\n',
        )}\nvalid extremes totals: ${total} tried, ${total - failures.length} passed, ${failures.length} failed`,
    );
    const { readings, hashed, answered } = watch.tally;
    console.info(`table checksums: ${readings} readings hashed ${hashed} of ${answered} table states`);
    if (failures.length > 0) console.info(`failures:\n${failures.join('\n')}`);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(total).toBeGreaterThan(100);
  }, 600_000);
});
