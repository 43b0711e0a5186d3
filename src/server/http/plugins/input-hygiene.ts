import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * Rules every input obeys before its contract is checked (issue #19 item 1), each answered with a
 * 400 that names the field:
 * - a JSON body is UTF-8 (invalid bytes are refused, not replaced with U+FFFD);
 * - no `__proto__` key and no `constructor.prototype` anywhere in a JSON body (prototype
 *   poisoning, as Fastify's own parser refuses them);
 * - no NUL character in any text of a body, query or path: PostgreSQL cannot store one in text and
 *   answered such a request with a 500;
 * - a JSON body nests at most MAX_DEPTH levels (a 100,000-deep array parsed, and reached handlers
 *   that ignore their body; recursive code further on would overflow its stack).
 * The JSON parser replaces Fastify's default for the whole app; scopes with their own parsers
 * (webhooks, cursor events, CSV) keep them.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });
const MAX_DEPTH = 32;

const invalid = (where: string, problem: string) =>
  new AppError(400, 'validation_failed', `Invalid request: ${where}: ${problem}`);

/** The first rule a parsed value breaks, walked without recursion (bodies may nest 100,000 deep). */
function findViolation(root: unknown, part: string): AppError | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return invalid(path || part, 'text cannot contain the NUL character');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return invalid(path || part, `nested deeper than ${MAX_DEPTH} levels`);
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key === '__proto__') return invalid(at, 'this key is not allowed');
      if (key === 'constructor' && item !== null && typeof item === 'object' && 'prototype' in item)
        return invalid(`${at}.prototype`, 'this key is not allowed');
      if (key.includes('\u0000')) return invalid(part, 'a key cannot contain the NUL character');
      stack.push({ value: item, path: at, depth: depth + 1 });
    }
  }
  return undefined;
}

export function registerInputHygiene(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0)
      return done(new AppError(400, 'invalid_json', 'The request body is not valid JSON.'));
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return done(new AppError(400, 'invalid_json', 'The request body is not valid UTF-8.'));
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new AppError(400, 'invalid_json', 'The request body is not valid JSON.'));
    }
    const violation = findViolation(parsed, 'body');
    return violation ? done(violation) : done(null, parsed);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const violation = findViolation(request.params, 'params') ?? findViolation(request.query, 'query');
    if (violation) throw violation;
  });
}
