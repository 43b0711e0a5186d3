// Every area's tables, one file each; the drizzle client is typed with all of them.

export * from './analysis.ts';
export * from './auth.ts';
export * from './credentials.ts';
export * from './jobs.ts';
export * from './tracking.ts';
export * from './warehouse.ts';
