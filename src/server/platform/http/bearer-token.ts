import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer …` header, or null when the request carries none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.*)$/i.exec(header);
  return match ? (match[1] ?? '').trim() : null;
}
