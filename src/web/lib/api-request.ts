import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';
import { parseApiError } from './api-error.ts';
import { storeSwitchSettled } from './store-switch-gate.ts';

/**
 * The one way the SPA talks to the API (spec §7 and §8): every call sends cookies, JSON bodies carry a JSON
 * content type only when there is a body, and any non-success response becomes an `ApiError` (status,
 * code, sentence) read from the server's `{ message, code }` envelope; its message is
 * "<status>: <sentence>" (spec §8's form, never raw JSON).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a read does on 401: raise (the default, spec §7) or yield null (the auth query: signed out is not an error). */
export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** Throws the `ApiError` of a non-success response; reads the body only in that case. */
export async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  let bodyText = '';
  try {
    bodyText = await response.text();
  } catch {
    // An unreadable body falls back to the status text, as an empty one does.
  }
  throw parseApiError(response.status, bodyText, response.statusText);
}

/**
 * Sends one request with the session cookie and returns the (successful) response; for mutations and any
 * call that needs the raw response. `body` is JSON-encoded when given.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  await storeSwitchSettled();
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfResponseNotOk(response);
  return response;
}

/** Sends a request and validates the JSON answer with the endpoint's shared zod contract. */
export async function requestJson<S extends z.ZodType>(
  method: HttpMethod,
  url: string,
  schema: S,
  body?: unknown,
): Promise<z.infer<S>> {
  const response = await apiRequest(method, url, body);
  return parseJsonResponse(url, schema, await response.json());
}

/**
 * GET with no payload, parsed and validated; with `on401: 'returnNull'` an unauthorized answer yields null
 * instead of raising (spec §7, generic reading rule).
 */
export async function getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.infer<S>>;
export async function getJson<S extends z.ZodType>(
  url: string,
  schema: S,
  options: { on401: UnauthorizedBehavior },
): Promise<z.infer<S> | null>;
export async function getJson<S extends z.ZodType>(
  url: string,
  schema: S,
  options: { on401: UnauthorizedBehavior } = { on401: 'throw' },
): Promise<z.infer<S> | null> {
  await storeSwitchSettled();
  const response = await fetch(url, { method: 'GET', credentials: 'include' });
  if (options.on401 === 'returnNull' && response.status === 401) return discardBody(response);
  await throwIfResponseNotOk(response);
  return parseJsonResponse(url, schema, await response.json());
}

/**
 * The query client's default query function: the first query key element is the URL, the answer is
 * untyped JSON. Prefer `getJson` with a contract schema in feature hooks; this keeps ad-hoc reads working.
 */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<unknown> {
  return async ({ queryKey }) => {
    const url = queryKey[0];
    if (typeof url !== 'string') throw new Error('The first query key element must be the request URL');
    await storeSwitchSettled();
    const response = await fetch(url, { method: 'GET', credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) return discardBody(response);
    await throwIfResponseNotOk(response);
    return response.json();
  };
}

/**
 * Reads and drops an answer's body before the caller moves on: a response whose body is never read
 * keeps its request open in the browser (decision 240 found a page that never went idle that way).
 */
async function discardBody(response: Response): Promise<null> {
  await response.arrayBuffer();
  return null;
}

function parseJsonResponse<S extends z.ZodType>(url: string, schema: S, json: unknown): z.infer<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new Error(`Unexpected response from ${url}${where}: ${issue?.message ?? 'invalid shape'}`);
  }
  return parsed.data;
}
