#!/usr/bin/env node
// Entry point of the `upside` command: runs the TypeScript CLI through tsx, so no separate
// server build is needed (only the SPA and the tracker are bundled).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
