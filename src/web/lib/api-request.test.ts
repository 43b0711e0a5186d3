import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { apiRequest, getJson, getQueryFn, requestJson } from './api-request.ts';
import { createQueryClient } from './query-client.ts';

interface Seen {
  method: string;
  contentType: string | undefined;
  body: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A real HTTP server standing in for the API: echoes requests and answers the statuses under test. */
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const seen: Seen = { method: request.method ?? '', contentType: request.headers['content-type'], body };
    const path = request.url ?? '/';
    if (path === '/echo') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(seen));
    } else if (path === '/unauthorized') {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Not signed in', code: 'unauthorized' }));
    } else if (path === '/empty-error') {
      response.writeHead(503, 'Service Unavailable');
      response.end();
    } else if (path === '/bad-shape') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ method: 42 }));
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Route not found', code: 'not_found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const SeenSchema = z.object({ method: z.string(), contentType: z.string().optional(), body: z.string() });

describe('apiRequest', () => {
  it('sends no content type and no body without a payload', async () => {
    const seen = SeenSchema.parse(await (await apiRequest('GET', `${baseUrl}/echo`)).json());
    expect(seen).toEqual({ method: 'GET', body: '' });
  });

  it('sends JSON with a JSON content type when there is a payload', async () => {
    const seen = await requestJson('POST', `${baseUrl}/echo`, SeenSchema, { name: 'Shop' });
    expect(seen.contentType).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ name: 'Shop' });
  });

  it('raises an ApiError read from the envelope on a non-success response', async () => {
    const error = await apiRequest('GET', `${baseUrl}/missing`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', sentence: 'Route not found' });
    expect((error as ApiError).message).toBe('404: Route not found');
  });

  it('raises "<status>: <status text>" when the error body is empty', async () => {
    await expect(apiRequest('DELETE', `${baseUrl}/empty-error`)).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getJson', () => {
  it('raises on 401 by default', async () => {
    await expect(getJson(`${baseUrl}/unauthorized`, SeenSchema)).rejects.toThrow(/^401: /);
  });

  it("yields null on 401 with on401 'returnNull'", async () => {
    await expect(getJson(`${baseUrl}/unauthorized`, SeenSchema, { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('still raises other errors with returnNull', async () => {
    await expect(getJson(`${baseUrl}/missing`, SeenSchema, { on401: 'returnNull' })).rejects.toThrow(
      /^404: /,
    );
  });

  it('rejects an answer that does not match the contract', async () => {
    await expect(getJson(`${baseUrl}/bad-shape`, SeenSchema)).rejects.toThrow(
      /Unexpected response .* at method/,
    );
  });
});

describe('query client defaults (spec §9)', () => {
  it('does not retry, refetch on focus or poll, and never goes stale', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('reads the URL from the first query key element and calls the server once on failure', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [`${baseUrl}/missing`] })).rejects.toThrow(/^404: /);
    await expect(client.fetchQuery({ queryKey: [`${baseUrl}/echo`] })).resolves.toMatchObject({
      method: 'GET',
    });
  });

  it('the default query function can yield null on 401', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'returnNull' }) } },
    });
    await expect(client.fetchQuery({ queryKey: [`${baseUrl}/unauthorized`] })).resolves.toBeNull();
  });
});
