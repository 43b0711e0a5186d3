/** "METHOD /path" for every API route, read from Fastify's `printRoutes({ commonPrefix: false })` tree. */
export function listApiRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: Array<{ depth: number; path: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    while (stack.length > 0 && (stack.at(-1)?.depth ?? 0) >= depth) stack.pop();
    const path = `${stack.at(-1)?.path ?? ''}${match[2]}`;
    stack.push({ depth, path });
    if (!path.startsWith('/api/')) continue;
    for (const method of (match[3] ?? '').split(', '))
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}
