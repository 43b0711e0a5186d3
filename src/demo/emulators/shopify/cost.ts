/**
 * Shopify's calculated query cost (contract §1.10): scalars and enums cost 0, objects 1, a
 * connection 2 + (first|last) × the cost of one node; mutations 10. The requested cost must fit
 * in the app's leaky bucket before the query runs; the bucket refills at `restoreRate` per second.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isLeafType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export const MAX_SINGLE_QUERY_COST = 1000;

function argumentValue(value: ValueNode | undefined, variables: Record<string, unknown>): unknown {
  if (!value) return undefined;
  if (value.kind === Kind.VARIABLE) return variables[value.name.value];
  if (value.kind === Kind.INT) return Number(value.value);
  return undefined;
}

function fieldsOf(type: GraphQLNamedType, schema: GraphQLSchema) {
  if (type instanceof GraphQLObjectType || isInterfaceType(type)) return type.getFields();
  void schema;
  return {};
}

/** Requested cost of the operation selected by `operationName` (or the only one). */
export function calculateQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): number {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return 0;
  if (operation.operation === 'mutation') return 10;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const collect = (set: SelectionSetNode, acc: FieldNode[] = [], seen = new Set<string>()): FieldNode[] => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) acc.push(s);
      else if (s.kind === Kind.INLINE_FRAGMENT) collect(s.selectionSet, acc, seen);
      else {
        const fragment = fragments.get(s.name.value);
        if (fragment && !seen.has(s.name.value)) {
          seen.add(s.name.value);
          collect(fragment.selectionSet, acc, seen);
        }
      }
    }
    return acc;
  };

  const costOf = (set: SelectionSetNode | undefined, parent: GraphQLNamedType, depth: number): number => {
    if (!set || depth > 20) return 0;
    let total = 0;
    const fields = fieldsOf(parent, schema) as Record<string, { type: Parameters<typeof getNamedType>[0] }>;
    for (const field of collect(set)) {
      const def = fields[field.name.value];
      if (!def) continue;
      const named = getNamedType(def.type);
      if (!named || isLeafType(named)) continue;
      if (named.name.endsWith('Connection')) {
        const arg = (name: string) =>
          argumentValue(field.arguments?.find((a) => a.name.value === name)?.value, variables);
        const size = Number(arg('first') ?? arg('last') ?? 0) || 0;
        let perNode = 0;
        const connectionFields = fieldsOf(named, schema) as Record<
          string,
          { type: Parameters<typeof getNamedType>[0] }
        >;
        for (const child of collect(field.selectionSet ?? { kind: Kind.SELECTION_SET, selections: [] })) {
          const childDef = connectionFields[child.name.value];
          if (!childDef) continue;
          const childType = getNamedType(childDef.type);
          if (!childType) continue;
          if (child.name.value === 'nodes')
            perNode = Math.max(perNode, 1 + costOf(child.selectionSet, childType, depth + 1));
          if (child.name.value === 'edges') {
            const edgeFields = fieldsOf(childType, schema) as Record<
              string,
              { type: Parameters<typeof getNamedType>[0] }
            >;
            for (const e of collect(child.selectionSet ?? { kind: Kind.SELECTION_SET, selections: [] })) {
              const nodeType =
                e.name.value === 'node' && edgeFields.node ? getNamedType(edgeFields.node.type) : undefined;
              if (nodeType) perNode = Math.max(perNode, 1 + costOf(e.selectionSet, nodeType, depth + 1));
            }
          }
        }
        total += 2 + size * perNode;
      } else {
        total += 1 + costOf(field.selectionSet, named, depth + 1);
      }
    }
    return total;
  };
  const root = operation.operation === 'query' ? schema.getQueryType() : schema.getSubscriptionType();
  return root ? costOf(operation.selectionSet, root, 0) : 0;
}

/** Counts the objects actually returned, for `actualQueryCost` (never more than requested). */
export function countReturnedObjects(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((s: number, v) => s + countReturnedObjects(v), 0);
  if (value && typeof value === 'object') {
    let n = 1;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'pageInfo' || key === 'shopMoney' || key === 'presentmentMoney') continue;
      if (v && typeof v === 'object') n += countReturnedObjects(v);
    }
    return n;
  }
  return 0;
}

/** The app's leaky bucket per shop (contract defaults: 2000 points, 100 per second). */
export class CostBucket {
  private available: number;
  private updatedAt: number;

  constructor(
    readonly maximumAvailable: number,
    readonly restoreRate: number,
    private readonly now: () => number,
  ) {
    this.available = maximumAvailable;
    this.updatedAt = now();
  }

  private refill(): void {
    const t = this.now();
    this.available = Math.min(
      this.maximumAvailable,
      this.available + ((t - this.updatedAt) / 1000) * this.restoreRate,
    );
    this.updatedAt = t;
  }

  /** Available points, after the throttling-pressure fault took its share. */
  currentlyAvailable(pressure: number): number {
    this.refill();
    return Math.max(0, Math.floor(this.available * (1 - pressure)));
  }

  /** Takes `cost` if it fits; returns false (nothing taken) otherwise. */
  take(cost: number, pressure: number): boolean {
    if (cost > this.currentlyAvailable(pressure)) return false;
    this.available -= cost;
    return true;
  }

  /** Returns the difference between requested and actual cost. */
  refund(points: number): void {
    this.refill();
    this.available = Math.min(this.maximumAvailable, this.available + Math.max(0, points));
  }
}
