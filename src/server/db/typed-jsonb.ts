import { customType } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** A JSON object of unknown fields (payloads, cursors, diagnostics). */
export const JsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * A `jsonb` column whose value is checked against a zod schema whenever drizzle reads it
 * (decision 059): the column's TypeScript type is the schema's output, not an unchecked `$type<>()`,
 * and a stored value that no longer fits fails at the read naming the field. Raw queries that
 * select the column use the same schema in their row schema.
 */
export const typedJsonb = <Schema extends z.ZodType>(name: string, schema: Schema) =>
  customType<{ data: z.output<Schema>; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => schema.parse(typeof value === 'string' ? JSON.parse(value) : value),
  })(name);
