/** A value an array literal can hold. */
export type ArrayLiteralValue = string | number | boolean | null;

const QUOTED = /[\\"]/g;
/** A JSON escape other than \" and \\ (control characters): those read differently in an array literal. */
const OTHER_ESCAPE = /\\[^"\\]/;

/**
 * One column as a PostgreSQL array literal, for `unnest($1::type[], …)` bulk writes on PostgreSQL
 * and PGlite alike: PostgreSQL reads an array literal about 3× faster than it looks keys up in a
 * JSON recordset. JSON.stringify writes it natively: quoted strings with \" and \\ escapes,
 * numbers, true/false and null all read the same in an array literal. Only text with control
 * characters (JSON's \n, \u0001…) takes the slow path.
 */
export function arrayLiteral(values: readonly ArrayLiteralValue[]): string {
  const json = JSON.stringify(values);
  if (!OTHER_ESCAPE.test(json)) return `{${json.slice(1, -1)}}`;
  const parts = values.map((value) =>
    value === null
      ? 'NULL'
      : typeof value === 'string'
        ? `"${value.replace(QUOTED, '\\$&')}"`
        : String(value),
  );
  return `{${parts.join(',')}}`;
}
