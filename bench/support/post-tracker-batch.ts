import { type Agent, request } from 'node:http';

const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/**
 * One tracker-shaped POST (text/plain, as the tracker's sendBeacon sends it) over a keep-alive
 * agent; resolves with the status, 0 on a network error. Shared by the ingestion benches.
 */
export function postTrackerBatch(agent: Agent, url: URL, origin: string, text: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'content-length': Buffer.byteLength(text),
          origin,
          'user-agent': BROWSER_USER_AGENT,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(text);
  });
}
