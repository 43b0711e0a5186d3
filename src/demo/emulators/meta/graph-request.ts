/** Graph API request helpers: the error type every route throws, parameters, fields and cursors. */
import type { FastifyRequest } from 'fastify';

export class GraphError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly type: string,
    readonly subcode?: number,
    readonly transient?: boolean,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

export function param(request: FastifyRequest, name: string): string | undefined {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const v = q[name] ?? b[name];
  return typeof v === 'string' ? v : undefined;
}

export function parseFields(
  raw: string | undefined,
  allowed: readonly string[],
  nodeType: string,
  fallback: string[],
): string[] {
  if (raw === undefined || raw.trim() === '') return fallback;
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  for (const f of fields) {
    if (!allowed.includes(f)) {
      if (nodeType === 'AdsInsights') {
        throw new GraphError(
          `(#100) ${f} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`,
          100,
          'OAuthException',
        );
      }
      throw new GraphError(
        `(#100) Tried accessing nonexisting field (${f}) on node type (${nodeType})`,
        100,
        'OAuthException',
      );
    }
  }
  return fields;
}

export function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^offset:(\d+)$/.exec(text);
  if (!match) throw new GraphError('(#100) Invalid cursor', 100, 'OAuthException');
  return Number(match[1]);
}
