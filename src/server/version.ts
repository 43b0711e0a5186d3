import { readFileSync } from 'node:fs';

/** The package version, shown by the public probes and the CLI. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
