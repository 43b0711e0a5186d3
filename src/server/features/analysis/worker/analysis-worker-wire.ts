/**
 * How large record arrays cross to and from the analysis worker. Why not plain structured clone: at
 * the large preset the million orders take 1.1 s to serialise on the main thread (blocking it) and
 * 5.5 s to rebuild in the worker. Here a value travels as parts: its other fields as they are, then
 * each record array in chunks of columns, numbers as typed arrays and strings as codes into a
 * dictionary (each distinct string crosses once, in the chunk that first uses it), whose buffers
 * are transferred, not copied. The sender can yield the event loop between parts and the receiver
 * rebuilds each chunk while the next is encoded.
 */

/** Column types a record field can have: exact float64, float64 or null, string or null. */
export type ColumnKind = 'number' | 'optionalNumber' | 'text';

type KindOf<V> = [V] extends [number]
  ? 'number'
  : [V] extends [number | null]
    ? 'optionalNumber'
    : [V] extends [string | null]
      ? 'text'
      : never;

/** Every field of a record type with its column kind (a field of any other type does not compile). */
export type RecordSchema<R> = { readonly [K in keyof R]-?: KindOf<R[K]> };

/** The record-array fields of T that travel as columns; the other fields are structured-cloned. */
export type FieldSchemas<T> = {
  readonly [K in keyof T]?: T[K] extends readonly (infer R)[] ? RecordSchema<R> : never;
};

/** Column kinds by record field, by field of the value; what FieldSchemas<T> is once T is erased. */
export type ColumnSchemas = Readonly<Record<string, Readonly<Record<string, ColumnKind>>>>;

type ColumnChunk =
  | { kind: 'number'; values: Float64Array<ArrayBuffer> }
  | { kind: 'optionalNumber'; values: Float64Array<ArrayBuffer>; present: Uint8Array<ArrayBuffer> }
  | { kind: 'text'; codes: Int32Array<ArrayBuffer>; newWords: string[] };

/** One message's worth of a value: its plain fields, or a chunk of rows of one record field. */
export type WirePart =
  | { field: null; plain: Record<string, unknown> }
  | { field: string; count: number; columns: Record<string, ColumnChunk> };

/** Rows per part: a millisecond or two of work on either side (the sender's event loop waits that long). */
const CHUNK_ROWS = 2_000;
const NULL_CODE = -1;

function encodeColumn(
  rows: readonly Record<string, unknown>[],
  field: string,
  kind: ColumnKind,
  words: Map<string, number>,
): ColumnChunk {
  const wrong = (value: unknown) => new Error(`Field ${field} is not of kind ${kind}: ${String(value)}`);
  if (kind === 'text') {
    const codes = new Int32Array(rows.length);
    const newWords: string[] = [];
    rows.forEach((row, i) => {
      const value = row[field];
      if (value === null) codes[i] = NULL_CODE;
      else if (typeof value !== 'string') throw wrong(value);
      else {
        let code = words.get(value);
        if (code === undefined) {
          code = words.size;
          words.set(value, code);
          newWords.push(value);
        }
        codes[i] = code;
      }
    });
    return { kind, codes, newWords };
  }
  const values = new Float64Array(rows.length);
  const present = new Uint8Array(kind === 'optionalNumber' ? rows.length : 0);
  rows.forEach((row, i) => {
    const value = row[field];
    if (typeof value === 'number') {
      values[i] = value;
      if (kind === 'optionalNumber') present[i] = 1;
    } else if (value !== null || kind !== 'optionalNumber') throw wrong(value);
  });
  return kind === 'number' ? { kind, values } : { kind, values, present };
}

const buffersOf = (column: ColumnChunk): ArrayBuffer[] => {
  if (column.kind === 'text') return [column.codes.buffer];
  if (column.kind === 'number') return [column.values.buffer];
  return [column.values.buffer, column.present.buffer];
};

/**
 * The parts of a value, in order, each with the buffers to transfer with it (they are detached
 * once posted): first the fields not named in `schemas`, then each named record array in chunks.
 */
export function* encodeParts(
  value: object,
  schemas: ColumnSchemas,
): Generator<{ part: WirePart; transfer: ArrayBuffer[] }> {
  const plain: Record<string, unknown> = { ...value };
  for (const field of Object.keys(schemas)) delete plain[field];
  yield { part: { field: null, plain }, transfer: [] };
  for (const [field, schema] of Object.entries(schemas)) {
    const rows = (value as Record<string, unknown>)[field];
    if (!Array.isArray(rows)) throw new Error(`Field ${field} is not an array`);
    const words = new Map(Object.keys(schema).map((column) => [column, new Map<string, number>()]));
    // An empty array still sends one (empty) chunk, so the receiver knows the field.
    for (let start = 0; start === 0 || start < rows.length; start += CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CHUNK_ROWS);
      const columns = Object.fromEntries(
        Object.entries(schema).map(([column, kind]) => [
          column,
          encodeColumn(chunk, column, kind, words.get(column)!),
        ]),
      );
      yield {
        part: { field, count: chunk.length, columns },
        transfer: Object.values(columns).flatMap(buffersOf),
      };
    }
  }
}

function readerOf(column: ColumnChunk, dictionary: string[]): (row: number) => unknown {
  switch (column.kind) {
    case 'number':
      return (row) => column.values[row];
    case 'optionalNumber':
      return (row) => (column.present[row] === 1 ? column.values[row] : null);
    case 'text':
      dictionary.push(...column.newWords);
      return (row) => {
        const code = column.codes[row]!;
        return code === NULL_CODE ? null : dictionary[code];
      };
  }
}

/** Rebuilds a value from its parts, fed in the order encodeParts made them. */
export class PartsDecoder {
  private readonly value: Record<string, unknown> = {};
  private readonly dictionaries = new Map<string, string[]>();

  accept(part: WirePart): void {
    if (part.field === null) {
      Object.assign(this.value, part.plain);
      return;
    }
    if (!(part.field in this.value)) this.value[part.field] = [];
    const rows = this.value[part.field] as Record<string, unknown>[];
    const readers = Object.entries(part.columns).map(([column, chunk]) => {
      const key = `${part.field}.${column}`;
      const dictionary = this.dictionaries.get(key) ?? [];
      this.dictionaries.set(key, dictionary);
      return [column, readerOf(chunk, dictionary)] as const;
    });
    for (let i = 0; i < part.count; i += 1) {
      const row: Record<string, unknown> = {};
      for (const [column, read] of readers) row[column] = read(i);
      rows.push(row);
    }
  }

  /** The value, once every part is in (both sides share the task's schemas, so T is trusted). */
  result<T>(): T {
    return this.value as T;
  }
}
