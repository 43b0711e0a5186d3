/**
 * SDL of the Shopify Admin GraphQL subset the emulator serves (contract doc §1.5–1.11). Field
 * names, nullability and enum values follow the real schema so that any valid selection works
 * and invalid ones fail validation the way they do against Shopify.
 */
import { buildSchema, type GraphQLSchema } from 'graphql';

export const SHOPIFY_SDL = /* GraphQL */ `
scalar DateTime
scalar Decimal
scalar Money
scalar URL
scalar UnsignedInt64
scalar HTML

enum CurrencyCode { USD CAD GBP EUR AUD JPY CHF SEK NZD MXN }
enum CountryCode { US CA GB DE AU JP FR NL IE MX }
enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
enum OrderDisplayFulfillmentStatus {
  FULFILLED FULFILLMENT_NOT_REQUIRED IN_PROGRESS ON_HOLD OPEN PARTIALLY_FULFILLED PENDING_FULFILLMENT
  REQUEST_DECLINED RESTOCKED SCHEDULED UNFULFILLED
}
enum OrderCancelReason { CUSTOMER DECLINED FRAUD INVENTORY STAFF OTHER }
enum OrderSortKeys {
  CREATED_AT CUSTOMER_NAME DESTINATION FINANCIAL_STATUS FULFILLMENT_STATUS ID ORDER_NUMBER PO_NUMBER
  PROCESSED_AT RELEVANCE TOTAL_ITEMS_QUANTITY TOTAL_PRICE UPDATED_AT CURRENT_TOTAL_PRICE
}
enum CustomerSortKeys { CREATED_AT ID NAME LOCATION RELEVANCE UPDATED_AT }
enum ProductSortKeys { CREATED_AT ID INVENTORY_TOTAL PRODUCT_TYPE PUBLISHED_AT RELEVANCE TITLE UPDATED_AT VENDOR }
enum ProductVariantSortKeys { ID SKU TITLE NAME INVENTORY_QUANTITY POSITION RELEVANCE FULL_TITLE INVENTORY_LEVELS_AVAILABLE INVENTORY_MANAGEMENT INVENTORY_POLICY }
enum ProductStatus { ACTIVE ARCHIVED DRAFT }
enum CustomerState { DECLINED DISABLED ENABLED INVITED }
enum CustomerEmailAddressMarketingState { INVALID NOT_SUBSCRIBED PENDING SUBSCRIBED UNSUBSCRIBED REDACTED }
enum MarketingTactic { ABANDONED_CART AD AFFILIATE DIRECT DISPLAY LINK LOYALTY MESSAGE NEWSLETTER NOTIFICATION POST RETARGETING SEARCH SEO SOCIAL STOREFRONT_APP TRANSACTIONAL EMAIL REFERRAL }
enum CountPrecision { AT_LEAST EXACT }
enum BulkOperationStatus { CANCELED CANCELING COMPLETED CREATED EXPIRED FAILED RUNNING }
enum BulkOperationType { MUTATION QUERY }
enum BulkOperationErrorCode { ACCESS_DENIED INTERNAL_SERVER_ERROR TIMEOUT }
enum BulkOperationUserErrorCode { INVALID OPERATION_IN_PROGRESS LIMIT_REACHED NO_SUCH_FILE }
enum OrderTransactionKind { AUTHORIZATION CAPTURE CHANGE EMV_AUTHORIZATION REFUND SALE SUGGESTED_REFUND VOID }
enum OrderTransactionStatus { AWAITING_RESPONSE ERROR FAILURE PENDING SUCCESS UNKNOWN }
enum RefundLineItemRestockType { CANCEL LEGACY_RESTOCK NO_RESTOCK RETURN }
enum WeightUnit { GRAMS KILOGRAMS OUNCES POUNDS }

interface Node { id: ID! }

type PageInfo {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

type Count { count: Int! precision: CountPrecision! }

type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }

type ShopPlan { displayName: String! partnerDevelopment: Boolean! shopifyPlus: Boolean! }
type Domain { id: ID! host: String! url: URL! }

type Shop implements Node {
  id: ID!
  name: String!
  email: String!
  contactEmail: String!
  myshopifyDomain: String!
  url: URL!
  primaryDomain: Domain!
  currencyCode: CurrencyCode!
  enabledPresentmentCurrencies: [CurrencyCode!]!
  ianaTimezone: String!
  timezoneAbbreviation: String!
  timezoneOffset: String!
  timezoneOffsetMinutes: Int!
  plan: ShopPlan!
  createdAt: DateTime!
  updatedAt: DateTime!
  weightUnit: String!
}

type MailingAddress implements Node {
  id: ID!
  name: String
  firstName: String
  lastName: String
  company: String
  address1: String
  address2: String
  city: String
  province: String
  provinceCode: String
  zip: String
  country: String
  countryCodeV2: CountryCode
  phone: String
  formatted(withName: Boolean = false, withCompany: Boolean = true): [String!]!
}

type CustomerEmailAddress { emailAddress: String! marketingState: CustomerEmailAddressMarketingState! }

type Customer implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  firstName: String
  lastName: String
  displayName: String!
  email: String @deprecated(reason: "Use defaultEmailAddress.emailAddress instead.")
  defaultEmailAddress: CustomerEmailAddress
  phone: String
  state: CustomerState!
  verifiedEmail: Boolean!
  tags: [String!]!
  note: String
  numberOfOrders: UnsignedInt64!
  amountSpent: MoneyV2!
  createdAt: DateTime!
  updatedAt: DateTime!
  defaultAddress: MailingAddress
  lastOrder: Order
  orders(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: OrderSortKeys = ID, query: String): OrderConnection!
}
type CustomerEdge { cursor: String! node: Customer! }
type CustomerConnection { edges: [CustomerEdge!]! nodes: [Customer!]! pageInfo: PageInfo! }

type UTMParameters { campaign: String content: String medium: String source: String term: String }
type CustomerVisit implements Node {
  id: ID!
  landingPage: URL
  occurredAt: DateTime!
  referrerUrl: URL
  source: String!
  sourceDescription: String
  sourceType: MarketingTactic
  utmParameters: UTMParameters
}
type CustomerJourneySummary {
  ready: Boolean!
  customerOrderIndex: Int
  daysToConversion: Int
  firstVisit: CustomerVisit
  lastVisit: CustomerVisit
  momentsCount: Count
}

type Location implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  isActive: Boolean!
}
type LocationEdge { cursor: String! node: Location! }
type LocationConnection { edges: [LocationEdge!]! nodes: [Location!]! pageInfo: PageInfo! }

type InventoryQuantity implements Node { id: ID! name: String! quantity: Int! updatedAt: DateTime }
type InventoryLevel implements Node {
  id: ID!
  location: Location!
  item: InventoryItem!
  quantities(names: [String!]!): [InventoryQuantity!]!
  createdAt: DateTime!
  updatedAt: DateTime!
}
type InventoryLevelEdge { cursor: String! node: InventoryLevel! }
type InventoryLevelConnection { edges: [InventoryLevelEdge!]! nodes: [InventoryLevel!]! pageInfo: PageInfo! }

type Weight { unit: WeightUnit! value: Float! }
type InventoryItemMeasurement { id: ID! weight: Weight }
type InventoryItem implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  sku: String
  tracked: Boolean!
  requiresShipping: Boolean!
  unitCost: MoneyV2
  measurement: InventoryItemMeasurement!
  createdAt: DateTime!
  updatedAt: DateTime!
  variant: ProductVariant!
  inventoryLevels(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, query: String): InventoryLevelConnection!
}

type ProductVariant implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  title: String!
  displayName: String!
  sku: String
  price: Money!
  compareAtPrice: Money
  position: Int!
  inventoryQuantity: Int
  availableForSale: Boolean!
  inventoryItem: InventoryItem!
  product: Product!
  createdAt: DateTime!
  updatedAt: DateTime!
}
type ProductVariantEdge { cursor: String! node: ProductVariant! }
type ProductVariantConnection { edges: [ProductVariantEdge!]! nodes: [ProductVariant!]! pageInfo: PageInfo! }

type Product implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  title: String!
  handle: String!
  description: String!
  status: ProductStatus!
  vendor: String!
  productType: String!
  tags: [String!]!
  createdAt: DateTime!
  updatedAt: DateTime!
  publishedAt: DateTime
  onlineStoreUrl: URL
  totalInventory: Int!
  tracksInventory: Boolean!
  hasOnlyDefaultVariant: Boolean!
  variantsCount: Count
  variants(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: ProductVariantSortKeys = POSITION): ProductVariantConnection!
}
type ProductEdge { cursor: String! node: Product! }
type ProductConnection { edges: [ProductEdge!]! nodes: [Product!]! pageInfo: PageInfo! }

type LineItem implements Node {
  id: ID!
  name: String!
  title: String!
  variantTitle: String
  sku: String
  vendor: String
  quantity: Int!
  currentQuantity: Int!
  refundableQuantity: Int!
  requiresShipping: Boolean!
  taxable: Boolean!
  originalUnitPriceSet: MoneyBag!
  discountedUnitPriceSet: MoneyBag!
  originalTotalSet: MoneyBag!
  discountedTotalSet: MoneyBag!
  totalDiscountSet: MoneyBag!
  variant: ProductVariant
  product: Product
}
type LineItemEdge { cursor: String! node: LineItem! }
type LineItemConnection { edges: [LineItemEdge!]! nodes: [LineItem!]! pageInfo: PageInfo! }

type RefundLineItem {
  id: ID
  lineItem: LineItem!
  quantity: Int!
  subtotalSet: MoneyBag!
  restocked: Boolean!
  restockType: RefundLineItemRestockType!
}
type RefundLineItemEdge { cursor: String! node: RefundLineItem! }
type RefundLineItemConnection { edges: [RefundLineItemEdge!]! nodes: [RefundLineItem!]! pageInfo: PageInfo! }
type ShippingLine { id: ID title: String! code: String originalPriceSet: MoneyBag! discountedPriceSet: MoneyBag! }
type RefundShippingLine implements Node { id: ID! shippingLine: ShippingLine! subtotalAmountSet: MoneyBag! taxAmountSet: MoneyBag! }
type RefundShippingLineEdge { cursor: String! node: RefundShippingLine! }
type RefundShippingLineConnection { edges: [RefundShippingLineEdge!]! nodes: [RefundShippingLine!]! pageInfo: PageInfo! }
type Refund implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  createdAt: DateTime
  updatedAt: DateTime!
  note: String
  totalRefundedSet: MoneyBag!
  refundLineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): RefundLineItemConnection!
  refundShippingLines(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): RefundShippingLineConnection!
}

type TransactionFee {
  id: ID!
  amount: MoneyV2!
  flatFee: MoneyV2!
  flatFeeName: String
  rate: Decimal!
  rateName: String
  taxAmount: MoneyV2!
  type: String!
}
type OrderTransaction implements Node {
  id: ID!
  kind: OrderTransactionKind!
  status: OrderTransactionStatus!
  gateway: String
  amountSet: MoneyBag!
  createdAt: DateTime!
  processedAt: DateTime
  test: Boolean!
  fees: [TransactionFee!]!
  parentTransaction: OrderTransaction
}

type Order implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  number: Int!
  confirmationNumber: String
  email: String
  phone: String
  test: Boolean!
  closed: Boolean!
  closedAt: DateTime
  createdAt: DateTime!
  processedAt: DateTime!
  updatedAt: DateTime!
  cancelledAt: DateTime
  cancelReason: OrderCancelReason
  displayFinancialStatus: OrderDisplayFinancialStatus
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  currencyCode: CurrencyCode!
  presentmentCurrencyCode: CurrencyCode!
  sourceName: String
  tags: [String!]!
  note: String
  discountCode: String
  discountCodes: [String!]!
  subtotalLineItemsQuantity: Int!
  totalPriceSet: MoneyBag!
  subtotalPriceSet: MoneyBag
  totalTaxSet: MoneyBag
  totalDiscountsSet: MoneyBag
  totalShippingPriceSet: MoneyBag!
  totalRefundedSet: MoneyBag!
  currentTotalPriceSet: MoneyBag!
  currentSubtotalPriceSet: MoneyBag!
  customer: Customer
  shippingAddress: MailingAddress
  billingAddress: MailingAddress
  customerJourneySummary: CustomerJourneySummary
  customAttributes: [Attribute!]!
  cartToken: String
  checkoutToken: String
  lineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): LineItemConnection!
  refunds(first: Int): [Refund!]!
  transactions(first: Int, capturable: Boolean, manuallyResolvable: Boolean): [OrderTransaction!]!
}
type Attribute { key: String! value: String }
type OrderEdge { cursor: String! node: Order! }
type OrderConnection { edges: [OrderEdge!]! nodes: [Order!]! pageInfo: PageInfo! }

type BulkOperation implements Node {
  id: ID!
  status: BulkOperationStatus!
  errorCode: BulkOperationErrorCode
  createdAt: DateTime!
  completedAt: DateTime
  objectCount: UnsignedInt64!
  rootObjectCount: UnsignedInt64!
  fileSize: UnsignedInt64
  url: URL
  partialDataUrl: URL
  query: String!
  type: BulkOperationType!
}
type BulkOperationUserError { code: BulkOperationUserErrorCode field: [String!] message: String! }
type BulkOperationRunQueryPayload { bulkOperation: BulkOperation userErrors: [BulkOperationUserError!]! }
type BulkOperationCancelPayload { bulkOperation: BulkOperation userErrors: [BulkOperationUserError!]! }

enum WebhookSubscriptionTopic { ORDERS_CREATE ORDERS_UPDATED ORDERS_PAID REFUNDS_CREATE PRODUCTS_CREATE PRODUCTS_UPDATE INVENTORY_LEVELS_UPDATE CUSTOMERS_CREATE CUSTOMERS_UPDATE APP_UNINSTALLED }
enum WebhookSubscriptionFormat { JSON XML }
input WebhookSubscriptionInput { uri: String callbackUrl: URL format: WebhookSubscriptionFormat includeFields: [String!] metafieldNamespaces: [String!] }
type WebhookHttpEndpoint { callbackUrl: URL! }
union WebhookSubscriptionEndpoint = WebhookHttpEndpoint
type WebhookSubscription implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  topic: WebhookSubscriptionTopic!
  format: WebhookSubscriptionFormat!
  uri: String!
  callbackUrl: URL! @deprecated(reason: "Use \`uri\` instead.")
  endpoint: WebhookSubscriptionEndpoint! @deprecated(reason: "Use \`uri\` instead.")
  includeFields: [String!]!
  metafieldNamespaces: [String!]!
  createdAt: DateTime!
  updatedAt: DateTime!
}
type WebhookSubscriptionEdge { cursor: String! node: WebhookSubscription! }
type WebhookSubscriptionConnection { edges: [WebhookSubscriptionEdge!]! nodes: [WebhookSubscription!]! pageInfo: PageInfo! }
type UserError { field: [String!] message: String! }
type WebhookSubscriptionCreatePayload { webhookSubscription: WebhookSubscription userErrors: [UserError!]! }
type WebhookSubscriptionDeletePayload { deletedWebhookSubscriptionId: ID userErrors: [UserError!]! }

type AccessScope { handle: String! description: String! }
type AppInstallation implements Node { id: ID! accessScopes: [AccessScope!]! }

type Query {
  shop: Shop!
  currentAppInstallation: AppInstallation!
  node(id: ID!): Node
  order(id: ID!): Order
  orders(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: OrderSortKeys = PROCESSED_AT, query: String): OrderConnection!
  ordersCount(query: String, limit: Int = 10000): Count
  customer(id: ID!): Customer
  customers(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: CustomerSortKeys = ID, query: String): CustomerConnection!
  customersCount(query: String, limit: Int = 10000): Count
  product(id: ID!): Product
  products(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: ProductSortKeys = ID, query: String): ProductConnection!
  productsCount(query: String, limit: Int = 10000): Count
  productVariant(id: ID!): ProductVariant
  productVariants(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, sortKey: ProductVariantSortKeys = ID, query: String): ProductVariantConnection!
  inventoryItem(id: ID!): InventoryItem
  location(id: ID): Location
  locations(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, query: String): LocationConnection!
  currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
  bulkOperation(id: ID!): BulkOperation
  webhookSubscriptions(first: Int, after: String, last: Int, before: String, reverse: Boolean = false, topics: [WebhookSubscriptionTopic!], uri: String, callbackUrl: URL, format: WebhookSubscriptionFormat): WebhookSubscriptionConnection!
}

type Mutation {
  bulkOperationRunQuery(query: String!, groupObjects: Boolean = false): BulkOperationRunQueryPayload
  bulkOperationCancel(id: ID!): BulkOperationCancelPayload
  webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
  webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
}
`;

let schema: GraphQLSchema | undefined;

/** The executable schema (built once; resolvers are plain functions on the root and view objects). */
export function getShopifySchema(): GraphQLSchema {
  if (!schema) schema = buildSchema(SHOPIFY_SDL);
  return schema;
}
