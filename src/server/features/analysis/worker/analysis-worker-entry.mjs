// Used from the sources only (compiled, the host starts dist/server/features/analysis/worker/analysis-worker.js).
// Worker threads do not inherit the loader hooks tsx registered in the main thread (bin/upside.js,
// `node --import tsx`, Vitest alike), so the worker registers tsx itself, as bin/upside.js does,
// before it imports the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./analysis-worker.ts');
