#!/usr/bin/env node
// Entry point of the `upside` command. In a checkout with development dependencies it runs the
// TypeScript sources through tsx, so the command always runs the current code. Without them (an
// install with `--omit=dev`) it runs the compiled JavaScript that `npm run build` writes to dist/.
// `npm start` does not come through here: it runs `node dist/cli/main.js start`, with no
// TypeScript loader in the production process (decision 018).
let tsx;
try {
  tsx = await import('tsx/esm/api');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
}
if (tsx) {
  tsx.register();
  await import('../src/cli/main.ts');
} else {
  try {
    await import('../dist/cli/main.js');
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    process.stderr.write("upside: the compiled command is missing; run 'npm run build' first\n");
    process.exitCode = 2;
  }
}
