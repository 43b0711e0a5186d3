// Every area's tables, one file each; the drizzle client is typed with all of them. Every table the
// migrations create is declared here once (decision 132, test/platform/schema-declared-once.test.ts).

export * from './account.ts';
export * from './ad-platforms.ts';
export * from './analysis.ts';
export * from './api-tokens.ts';
export * from './auth.ts';
export * from './credentials.ts';
export * from './exchange-rates.ts';
export * from './experiments.ts';
export * from './funnel-segments.ts';
export * from './insights.ts';
export * from './jobs.ts';
export * from './notifications.ts';
export * from './profit.ts';
export * from './tracking.ts';
export * from './tracking-rollups.ts';
export * from './warehouse.ts';
export * from './warehouse-details.ts';
export * from './warehouse-facts.ts';
