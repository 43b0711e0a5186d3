import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';
import { addressRefusal, publicOnlyLookup } from '../../platform/outbound/ssrf-guard.ts';

/**
 * Reads a published sheet's CSV link (Google Sheets "Publish to web" → CSV, or any stable CSV URL)
 * for the spend import (issue #39 step 4, decision 105). Google answers such links with a redirect
 * to googleusercontent.com, so up to five redirects are followed; in production every hop may only
 * reach public addresses (the notifications' SSRF guard, decision 029). The body is capped and the
 * whole read times out. A failure is a sentence the owner can act on (SheetFetchError).
 */

export class SheetFetchError extends Error {
  override name = 'SheetFetchError';
}

const MAX_BYTES = 16 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 20_000;

interface Answer {
  status: number;
  location: string | undefined;
  contentType: string;
  body: string;
}

function getOnce(url: URL, publicOnly: boolean): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (publicOnly && ipaddr.isValid(host)) {
    const refusal = addressRefusal(host);
    if (refusal)
      return Promise.reject(new SheetFetchError(`the link points to a non-public address (${refusal})`));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'GET',
        headers: { accept: 'text/csv, text/plain;q=0.9, */*;q=0.1', 'user-agent': 'Upside-SpendImport/1' },
        timeout: TIMEOUT_MS,
        ...(publicOnly ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            request.destroy(new SheetFetchError(`the file is larger than ${MAX_BYTES / 1024 / 1024} MB`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new SheetFetchError(`the link did not answer within ${TIMEOUT_MS / 1000} s`)),
    );
    request.on('error', (error) =>
      reject(
        error instanceof SheetFetchError
          ? error
          : new SheetFetchError(`the link could not be read: ${error.message}`),
      ),
    );
    request.end();
  });
}

/** The CSV text behind `link`, or a SheetFetchError saying why not. */
export async function fetchPublishedCsv(link: string, options: { publicOnly: boolean }): Promise<string> {
  let url = new URL(link);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new SheetFetchError(`the link must be http or https, not ${url.protocol}`);
    const answer = await getOnce(url, options.publicOnly);
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      throw new SheetFetchError(
        `the link answered HTTP ${answer.status}: publish the sheet to the web as CSV (File → Share → Publish to web → Comma-separated values) and paste that link`,
      );
    if (answer.status < 200 || answer.status >= 300)
      throw new SheetFetchError(`the link answered HTTP ${answer.status}; it is retried at the next sync`);
    if (/text\/html/i.test(answer.contentType) || /^\s*<(!doctype|html)/i.test(answer.body))
      throw new SheetFetchError(
        'the link answers a web page, not CSV: in Google Sheets choose File → Share → Publish to web → Comma-separated values (.csv)',
      );
    return answer.body;
  }
  throw new SheetFetchError(`the link redirects more than ${MAX_REDIRECTS} times`);
}
