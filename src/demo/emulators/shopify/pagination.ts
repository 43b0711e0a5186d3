/**
 * Cursor pagination of the Shopify emulator's connections (`first`/`last`/`after`/`before`,
 * Shopify's page-size limit and cursor shape), and the per-request context resolvers receive.
 */
import { GraphQLError } from 'graphql';
import type { GrantedScopes } from './access-scopes.ts';
import type { ShopifyData } from './shopify-data.ts';
import type { WebhookSubscriptions } from './webhooks.ts';

export const MAX_PAGE_SIZE = 250;

/** Per-request context. `bulk` relaxes page sizes: bulk operations read whole connections. */
export interface ShopifyContext {
  data: ShopifyData;
  bulk: boolean;
  /** In bulk mode: the window of the root connection this execution covers. */
  bulkWindow?: { start: number; count: number };
  /** The installation's scopes (absent in the warm-up: everything granted). */
  scopes?: GrantedScopes;
  /** Oldest order instant the app may see (no read_all_orders: 60 days back); absent or null: all. */
  ordersFromMs?: number | null;
  /** The app's webhook subscriptions (absent in bulk executions and the warm-up). */
  webhooks?: WebhookSubscriptions;
  /** Mutations are delegated to the app (bulk operations need its state). */
  mutations: {
    runBulkQuery(query: string, groupObjects: boolean): unknown;
    cancelBulk(id: string): unknown;
    currentBulk(type: string): unknown;
    bulkById(id: string): unknown;
  };
}

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
  sortKey?: string | null;
  query?: string | null;
}

function encodeCursor(legacyId: number, position: number): string {
  return Buffer.from(JSON.stringify({ last_id: legacyId, last_value: String(position) })).toString('base64');
}

function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { last_value?: unknown };
    const position = Number(parsed.last_value);
    if (Number.isInteger(position) && position >= 0) return position;
  } catch {
    // fall through
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', {
    extensions: { code: 'BAD_REQUEST' },
  });
}

/** Generic forward/backward cursor pagination over positions 0..total−1. */
export function paginate<T>(
  total: number,
  args: ConnectionArgs,
  ctx: ShopifyContext,
  itemAt: (position: number) => T,
  legacyIdOf: (item: T) => number,
  options: { root?: boolean } = {},
) {
  let start = 0;
  let end = total;
  if (ctx.bulk) {
    if (options.root && ctx.bulkWindow) {
      start = Math.min(total, ctx.bulkWindow.start);
      end = Math.min(total, start + ctx.bulkWindow.count);
    }
  } else {
    const { first, last } = args;
    if (first == null && last == null) {
      throw new GraphQLError('you must provide one of first or last', {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    if (
      (first != null && (first < 0 || first > MAX_PAGE_SIZE)) ||
      (last != null && (last < 0 || last > MAX_PAGE_SIZE))
    ) {
      throw new GraphQLError(`The first and last arguments must be between 0 and ${MAX_PAGE_SIZE}`, {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    if (args.after) start = Math.min(total, decodeCursor(args.after) + 1);
    if (args.before) end = Math.max(start, Math.min(total, decodeCursor(args.before)));
    if (first != null) end = Math.min(end, start + first);
    else if (last != null) start = Math.max(start, end - last);
  }
  const items: T[] = [];
  for (let p = start; p < end; p += 1) items.push(itemAt(p));
  const edges = items.map((node, k) => new Edge(node, start + k, legacyIdOf));
  return { edges, nodes: items, pageInfo: new PageInfo(edges, start > 0, end < total) };
}

/** Cursors are encoded only when selected (bulk exports and most pages never read them all). */
class Edge<T> {
  constructor(
    readonly node: T,
    private readonly position: number,
    private readonly legacyIdOf: (item: T) => number,
  ) {}
  get cursor() {
    return encodeCursor(this.legacyIdOf(this.node), this.position);
  }
}

class PageInfo<T> {
  constructor(
    private readonly edges: Edge<T>[],
    readonly hasPreviousPage: boolean,
    readonly hasNextPage: boolean,
  ) {}
  get startCursor() {
    return this.edges[0]?.cursor ?? null;
  }
  get endCursor() {
    return this.edges.at(-1)?.cursor ?? null;
  }
}
