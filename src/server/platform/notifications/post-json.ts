import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';
import { addressRefusal, publicOnlyLookup, UnsafeTargetError } from '../outbound/ssrf-guard.ts';

export interface PostAnswer {
  status: number;
  body: string;
}

/** The largest answer body kept (receivers' error texts are short). */
const MAX_ANSWER_BYTES = 16_384;

/**
 * POSTs a JSON body to a Slack or webhook URL and returns the status and (capped) answer. With
 * `publicOnly` (production) the connection may only reach public addresses (ssrf-guard.ts);
 * redirects are not followed. Rejects on network errors and on the timeout.
 */
export function postJson(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { publicOnly: boolean; timeoutMs: number },
): Promise<PostAnswer> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (options.publicOnly && ipaddr.isValid(host)) {
    const refusal = addressRefusal(host);
    if (refusal) return Promise.reject(new UnsafeTargetError(`target is a non-public address (${refusal})`));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Upside-Notifications/1',
          ...headers,
        },
        timeout: options.timeoutMs,
        ...(options.publicOnly ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}
