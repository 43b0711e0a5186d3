import type { z } from 'zod';
import { CliUsageError } from '../command.ts';
import { readTextFile } from './read-text-file.ts';

/**
 * Reads a JSON Lines file, validating each line with `schema`; the first bad line is one
 * CliUsageError naming the file, the line and the field.
 */
export function readJsonl<S extends z.ZodType>(path: string, name: string, schema: S): z.infer<S>[] {
  const lines = readTextFile(path, name).split('\n');
  const records: z.infer<S>[] = [];
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new CliUsageError(`${name}: row ${i + 1}: not valid JSON`);
    }
    records.push(parseOrFail(schema, value, `${name}: row ${i + 1}`));
  });
  return records;
}

/** Validates a value, turning the first issue into one CliUsageError line ("where, field 'a.b': message"). */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new CliUsageError(`${where}, field '${issue.path.join('.')}': ${issue.message}`);
}
