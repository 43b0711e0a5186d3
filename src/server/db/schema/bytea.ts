import { customType } from 'drizzle-orm/pg-core';

/** A `bytea` column read and written as a Node Buffer (drizzle's pg-core has no bytea builder). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
