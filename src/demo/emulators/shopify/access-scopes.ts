/**
 * Access scopes of the Shopify emulator (contracts/external-apis-2.md §4): the app installation's
 * granted scopes (a test knob, every scope Upside asks for by default), what
 * `currentAppInstallation { accessScopes { handle } }` and the client-credentials grant report,
 * and which fields each scope opens. A query touching a field whose scope is missing gets
 * Shopify's ACCESS_DENIED error for it (HTTP 200, `data` null); without `read_all_orders` the
 * orders connection only reaches back 60 days (external-apis.md §1.3).
 */
import {
  type DocumentNode,
  type GraphQLSchema,
  getNamedType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';

/** What the demo app is granted unless a test says otherwise. */
export const DEMO_GRANTED_SCOPES = [
  'read_orders',
  'read_all_orders',
  'read_products',
  'read_inventory',
  'read_locations',
  'read_customers',
] as const;

/** Without read_all_orders, Shopify serves orders of the last 60 days only. */
export const ORDER_WINDOW_DAYS = 60;
const DAY_MS = 86_400_000;

/** `Type.field` → the scope it needs (the fields the emulator's schema has and Upside reads). */
const FIELD_SCOPES: Readonly<Record<string, string>> = {
  'Query.orders': 'read_orders',
  'Query.order': 'read_orders',
  'Query.ordersCount': 'read_orders',
  'Query.customers': 'read_customers',
  'Query.customer': 'read_customers',
  'Query.customersCount': 'read_customers',
  'Query.products': 'read_products',
  'Query.product': 'read_products',
  'Query.productsCount': 'read_products',
  'Query.productVariant': 'read_products',
  'Query.productVariants': 'read_products',
  'Query.inventoryItem': 'read_inventory',
  'ProductVariant.inventoryItem': 'read_inventory',
  'InventoryItem.inventoryLevels': 'read_inventory',
  'InventoryItem.unitCost': 'read_inventory',
  'Query.locations': 'read_locations',
  // Location.id is readable with read_inventory; its name and address need read_locations
  // (shopify.dev changelog "Location ID queryable with inventory scopes", 2025-03-31).
  'Location.name': 'read_locations',
  'Location.address': 'read_locations',
};

/** The installation's granted scopes; `write_x` implies `read_x`, as on Shopify. */
export class GrantedScopes {
  private handles: string[];

  constructor(initial: readonly string[] = DEMO_GRANTED_SCOPES) {
    this.handles = [...initial];
  }

  set(handles: readonly string[]): void {
    this.handles = [...handles];
  }

  reset(): void {
    this.handles = [...DEMO_GRANTED_SCOPES];
  }

  list(): string[] {
    return [...this.handles];
  }

  has(scope: string): boolean {
    return this.handles.includes(scope) || this.handles.includes(scope.replace(/^read_/, 'write_'));
  }

  /** The oldest order instant the app may see, or null with read_all_orders. */
  ordersFromMs(nowMs: number): number | null {
    return this.has('read_all_orders') ? null : nowMs - ORDER_WINDOW_DAYS * DAY_MS;
  }
}

export interface AccessDenied {
  message: string;
  locations: { line: number; column: number }[];
  path: string[];
  extensions: { code: 'ACCESS_DENIED'; documentation: string; requiredAccess: string };
}

/** ACCESS_DENIED errors for every field of `document` whose scope is not granted (none: []). */
export function accessDeniedErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  scopes: GrantedScopes,
): AccessDenied[] {
  const typeInfo = new TypeInfo(schema);
  const errors: AccessDenied[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (!parent) return;
        const scope = FIELD_SCOPES[`${getNamedType(parent).name}.${node.name.value}`];
        if (!scope || scopes.has(scope)) return;
        const location = node.loc
          ? [{ line: node.loc.startToken.line, column: node.loc.startToken.column }]
          : [];
        errors.push({
          message: `Access denied for ${node.name.value} field. Required access: \`${scope}\` access scope.`,
          locations: location,
          path: [node.alias?.value ?? node.name.value],
          extensions: {
            code: 'ACCESS_DENIED',
            documentation: 'https://shopify.dev/api/usage/access-scopes',
            requiredAccess: `\`${scope}\` access scope.`,
          },
        });
      },
    }),
  );
  return errors;
}
