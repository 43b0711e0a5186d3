/**
 * Bulk operations of the Shopify emulator (contract §1.11): `bulkOperationRunQuery` validates the
 * inner query (≥ 1 connection, ≤ 5 connections, ≤ 2 levels of nesting), runs it in the
 * background in chunks of the root connection, and writes the JSONL result (one object per line,
 * nested connection nodes as their own lines with `__parentId`) to a temporary file that the
 * emulator serves at `{shop base}/bulk/{id}.jsonl`. Status goes CREATED → RUNNING → COMPLETED.
 */
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  validate,
  valueFromASTUntyped,
} from 'graphql';
import { formatUtc } from '../../calendar.ts';
import type { ShopifyContext } from './pagination.ts';
import type { ShopifyData } from './shopify-data.ts';

export interface BulkOperationState {
  legacyId: number;
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELING' | 'CANCELED' | 'EXPIRED';
  errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
  createdAtMs: number;
  completedAtMs: number | null;
  objectCount: number;
  rootObjectCount: number;
  fileSize: number | null;
  filePath: string | null;
  url: string | null;
  query: string;
  type: 'QUERY';
}

const CHUNK = 500;

function userError(message: string, code: 'INVALID' | 'OPERATION_IN_PROGRESS') {
  return { bulkOperation: null, userErrors: [{ field: ['query'], message, code }] };
}

/** Validates the bulk query shape: connections count and nesting depth. */
function checkShape(schema: GraphQLSchema, operation: OperationDefinitionNode): string | null {
  if (operation.operation !== 'query') return 'Bulk queries must be queries.';
  let connections = 0;
  let maxDepth = 0;
  const walk = (set: SelectionSetNode | undefined, parent: GraphQLObjectType | null, depth: number) => {
    if (!set || !parent) return;
    for (const selection of set.selections) {
      if (selection.kind !== Kind.FIELD) {
        if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet, parent, depth);
        continue;
      }
      const field = parent.getFields()[selection.name.value];
      if (!field) continue;
      const named = getNamedType(field.type);
      let nextDepth = depth;
      if (named.name.endsWith('Connection')) {
        connections += 1;
        nextDepth = depth + 1;
        maxDepth = Math.max(maxDepth, nextDepth);
      }
      if (named instanceof GraphQLObjectType) walk(selection.selectionSet, named, nextDepth);
    }
  };
  walk(operation.selectionSet, schema.getQueryType() ?? null, 0);
  if (connections === 0) return 'Bulk queries must contain at least one connection.';
  if (connections > 5) return 'Bulk queries cannot contain more than 5 connections.';
  if (maxDepth > 3) return 'Bulk queries cannot contain connections with a nesting depth greater than 2.';
  return null;
}

function isConnection(value: unknown): value is { edges?: { node: unknown }[]; nodes?: unknown[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.edges) || Array.isArray(v.nodes);
}

function nodesOf(connection: { edges?: { node: unknown }[]; nodes?: unknown[] }): unknown[] {
  if (Array.isArray(connection.nodes)) return connection.nodes;
  return (connection.edges ?? []).map((edge) => edge.node);
}

/**
 * A small executor for already-validated bulk queries over the emulator's view objects: bulk
 * exports walk every node, and graphql-js's per-field machinery (argument coercion, dev-mode
 * instanceof checks) made them ~10× slower. Semantics kept: aliases, arguments (literals),
 * `__typename`, inline fragments and fragment spreads; function-valued fields are resolvers.
 */
function executeSelection(
  set: SelectionSetNode,
  source: Record<string, unknown>,
  context: ShopifyContext,
  fragments: Map<string, FragmentDefinitionNode>,
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      const name = selection.name.value;
      if (name === '__typename') {
        out[key] = source.__typename;
        continue;
      }
      let value = source[name];
      if (typeof value === 'function') {
        const args: Record<string, unknown> = {};
        for (const arg of selection.arguments ?? []) args[arg.name.value] = valueFromASTUntyped(arg.value);
        value = (value as (a: Record<string, unknown>, c: ShopifyContext) => unknown).call(
          source,
          args,
          context,
        );
      }
      out[key] = completeValue(value, selection.selectionSet, context, fragments);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition?.name.value;
      if (!condition || condition === source.__typename || condition === 'Node') {
        executeSelection(selection.selectionSet, source, context, fragments, out);
      }
    } else {
      const fragment = fragments.get(selection.name.value);
      const condition = fragment?.typeCondition.name.value;
      if (fragment && (condition === source.__typename || condition === 'Node')) {
        executeSelection(fragment.selectionSet, source, context, fragments, out);
      }
    }
  }
  return out;
}

function completeValue(
  value: unknown,
  set: SelectionSetNode | undefined,
  context: ShopifyContext,
  fragments: Map<string, FragmentDefinitionNode>,
): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => completeValue(v, set, context, fragments));
  if (set && typeof value === 'object')
    return executeSelection(set, value as Record<string, unknown>, context, fragments);
  return value;
}

export class BulkOperations {
  private readonly ops = new Map<string, BulkOperationState>();
  private current: BulkOperationState | null = null;
  private dir: string | null = null;
  private nextId = 1;
  private closed = false;
  private readonly running = new Set<Promise<void>>();
  /** Test knob: the next bulk query ends FAILED with this error code. */
  failNextWith: BulkOperationState['errorCode'] = null;
  /** Test knob: the next bulk query ends EXPIRED (its results no longer downloadable). */
  expireNext = false;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly data: ShopifyData,
    private readonly rootValue: Record<string, unknown>,
    private readonly now: () => number,
  ) {}

  view(op: BulkOperationState | null | undefined) {
    if (!op) return null;
    return {
      __typename: 'BulkOperation',
      id: op.id,
      status: op.status,
      errorCode: op.errorCode,
      createdAt: formatUtc(op.createdAtMs),
      completedAt: op.completedAtMs === null ? null : formatUtc(op.completedAtMs),
      objectCount: String(op.objectCount),
      rootObjectCount: String(op.rootObjectCount),
      fileSize: op.fileSize === null ? null : String(op.fileSize),
      url: op.url,
      partialDataUrl: null,
      query: op.query,
      type: op.type,
    };
  }

  currentView() {
    return this.view(this.current);
  }

  byId(id: string) {
    return this.view(this.ops.get(id));
  }

  /** The JSONL file of a completed operation, by its numeric id. */
  filePath(legacyId: number): string | null {
    for (const op of this.ops.values())
      if (op.legacyId === legacyId && op.status === 'COMPLETED') return op.filePath;
    return null;
  }

  start(query: string, baseUrl: string, makeContext: () => ShopifyContext) {
    if (
      this.current &&
      (this.current.status === 'CREATED' ||
        this.current.status === 'RUNNING' ||
        this.current.status === 'CANCELING')
    ) {
      return userError(
        `A bulk query operation for this app and shop is already in progress: ${this.current.id}.`,
        'OPERATION_IN_PROGRESS',
      );
    }
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return userError(
        `Invalid bulk query: ${error instanceof Error ? error.message : String(error)}`,
        'INVALID',
      );
    }
    const errors = validate(this.schema, document);
    if (errors.length > 0) return userError(`Invalid bulk query: ${errors[0]!.message}`, 'INVALID');
    const operations = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    if (operations.length !== 1)
      return userError('Invalid bulk query: exactly one operation is required.', 'INVALID');
    const shapeError = checkShape(this.schema, operations[0]!);
    if (shapeError) return userError(`Invalid bulk query: ${shapeError}`, 'INVALID');
    const rootField = operations[0]!.selectionSet.selections.find(
      (s): s is FieldNode => s.kind === Kind.FIELD,
    );
    const rootDef = rootField ? this.schema.getQueryType()?.getFields()[rootField.name.value] : undefined;
    if (!rootField || !rootDef || !getNamedType(rootDef.type).name.endsWith('Connection')) {
      return userError('Invalid bulk query: the top-level field must be a connection.', 'INVALID');
    }
    const legacyId = 3_100_000_000_000 + this.nextId;
    this.nextId += 1;
    const op: BulkOperationState = {
      legacyId,
      id: `gid://shopify/BulkOperation/${legacyId}`,
      status: 'CREATED',
      errorCode: null,
      createdAtMs: this.now(),
      completedAtMs: null,
      objectCount: 0,
      rootObjectCount: 0,
      fileSize: null,
      filePath: null,
      url: null,
      query,
      type: 'QUERY',
    };
    this.ops.set(op.id, op);
    this.current = op;
    const alias = rootField.alias?.value ?? rootField.name.value;
    const task = this.run(op, document, alias, `${baseUrl}/bulk/${legacyId}.jsonl`, makeContext).catch(() => {
      op.status = 'FAILED';
      op.errorCode = 'INTERNAL_SERVER_ERROR';
      op.completedAtMs = this.now();
    });
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
    return { bulkOperation: this.view(op), userErrors: [] };
  }

  cancel(id: string) {
    const op = this.ops.get(id);
    if (!op)
      return {
        bulkOperation: null,
        userErrors: [{ field: ['id'], message: 'Bulk operation does not exist', code: null }],
      };
    if (op.status === 'CREATED' || op.status === 'RUNNING') op.status = 'CANCELING';
    else {
      return {
        bulkOperation: this.view(op),
        userErrors: [
          {
            field: null,
            message: `A bulk operation cannot be canceled when it is ${op.status.toLowerCase()}`,
            code: null,
          },
        ],
      };
    }
    return { bulkOperation: this.view(op), userErrors: [] };
  }

  private async run(
    op: BulkOperationState,
    document: DocumentNode,
    alias: string,
    url: string,
    makeContext: () => ShopifyContext,
  ): Promise<void> {
    // Let the mutation's response go out first, as Shopify answers CREATED before running.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (this.closed) return;
    op.status = op.status === 'CANCELING' ? 'CANCELED' : 'RUNNING';
    if (op.status === 'CANCELED') return;
    if (this.failNextWith) {
      op.status = 'FAILED';
      op.errorCode = this.failNextWith;
      op.completedAtMs = this.now();
      this.failNextWith = null;
      return;
    }
    if (this.expireNext) {
      op.status = 'EXPIRED';
      op.completedAtMs = this.now();
      this.expireNext = false;
      return;
    }
    if (!this.dir) this.dir = mkdtempSync(join(tmpdir(), 'upside-shopify-bulk-'));
    const path = join(this.dir, `${op.legacyId}.jsonl`);
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )!;
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of document.definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const out = createWriteStream(path);
    // Back-pressure only: waiting for every write's callback would tie the export to disk latency.
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    let start = 0;
    for (;;) {
      if (this.closed) break;
      if ((op.status as string) === 'CANCELING') {
        op.status = 'CANCELED';
        op.completedAtMs = this.now();
        out.end();
        return;
      }
      const context: ShopifyContext = { ...makeContext(), bulk: true, bulkWindow: { start, count: CHUNK } };
      let data: Record<string, unknown>;
      try {
        data = executeSelection(operation.selectionSet, this.rootValue, context, fragments);
      } catch {
        op.status = 'FAILED';
        op.errorCode = 'INTERNAL_SERVER_ERROR';
        op.completedAtMs = this.now();
        out.end();
        return;
      }
      const connection = data[alias];
      const roots = isConnection(connection) ? nodesOf(connection) : [];
      const lines: string[] = [];
      const emit = (node: unknown, parentId: string | null) => {
        if (!node || typeof node !== 'object') return;
        // `node` is this export's own fresh result object: nested connections are moved out of it
        // (they become their own lines) instead of copying every other field into a new record.
        const record = node as Record<string, unknown>;
        const children: unknown[] = [];
        for (const key in record) {
          const value = record[key];
          if (isConnection(value)) {
            children.push(value);
            record[key] = undefined; // JSON.stringify leaves undefined fields out
          }
        }
        if (parentId) record.__parentId = parentId;
        lines.push(JSON.stringify(record));
        op.objectCount += 1;
        if (children.length === 0) return;
        const id = typeof record.id === 'string' ? record.id : null;
        for (const child of children) for (const n of nodesOf(child as { nodes?: unknown[] })) emit(n, id);
      };
      for (const root of roots) {
        emit(root, null);
        op.rootObjectCount += 1;
      }
      if (lines.length > 0) await write(`${lines.join('\n')}\n`);
      if (roots.length < CHUNK) break;
      start += CHUNK;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise<void>((resolve) => out.end(resolve));
    if (this.closed) return;
    op.filePath = path;
    op.fileSize = statSync(path).size;
    op.url = url;
    op.status = 'COMPLETED';
    op.completedAtMs = this.now();
    void this.data;
  }

  /** Stops running operations and deletes the result files. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running]);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}
