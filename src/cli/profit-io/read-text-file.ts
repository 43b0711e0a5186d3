import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CliUsageError } from '../command.ts';

/** Reads a UTF-8 text file (gunzipping `.gz`), turning a missing or unreadable file into one clear line. */
export function readTextFile(path: string, what: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliUsageError(
      code === 'ENOENT'
        ? `${what} file not found: ${path}`
        : `cannot read ${what} file ${path} (${code ?? 'error'})`,
    );
  }
  if (path.endsWith('.gz')) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      throw new CliUsageError(`${what} file ${path} is not valid gzip`);
    }
  }
  return bytes.toString('utf8');
}
