import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { CliUsageError } from '../command.ts';
import { type CsvRecord, CsvSyntaxError, parseCsv } from './parse-csv.ts';

/** The file's bytes, gunzipped when it ends in `.gz`, as a stream of chunks; errors as one clear line. */
async function* fileChunks(path: string, what: string): AsyncGenerator<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliUsageError(
      code === 'ENOENT'
        ? `${what} file not found: ${path}`
        : `cannot read ${what} file ${path} (${code ?? 'error'})`,
    );
  }
  const file = handle.createReadStream();
  const gzip = path.endsWith('.gz');
  try {
    for await (const chunk of gzip ? file.pipe(createGunzip()) : file) yield chunk as Buffer;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (gzip && code?.startsWith('Z_')) throw new CliUsageError(`${what} file ${path} is not valid gzip`);
    throw new CliUsageError(`cannot read ${what} file ${path} (${code ?? 'error'})`);
  } finally {
    file.destroy();
  }
}

/**
 * Streams the records of a CSV file (see parse-csv.ts), so a large orders file is never held as
 * one string; a syntax error becomes one CliUsageError naming the file and the row.
 */
export async function* readCsvFile(path: string, what: string): AsyncGenerator<CsvRecord> {
  try {
    yield* parseCsv(fileChunks(path, what));
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new CliUsageError(`${path}: row ${error.line}: ${error.message.replace(/^line \d+: /, '')}`);
    throw error;
  }
}
