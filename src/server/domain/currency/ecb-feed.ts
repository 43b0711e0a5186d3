import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { isShopDay } from '../../../shared/calendar.ts';
import type { EcbRate } from './rate-queries.ts';

/** The real feed's folder; UPSTREAM_ECB_URL (or demo mode's emulator) replaces it. */
export const ECB_FEED_URL = 'https://www.ecb.europa.eu/stats/eurofxref';

/** The ECB's files: the last business day, the last 90 days, and everything since 1999. */
export type EcbFile = 'eurofxref-daily.xml' | 'eurofxref-hist-90d.xml' | 'eurofxref-hist.xml';

const FETCH_TIMEOUT_MS = 20_000;

const RateCube = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  rate: z.string().regex(/^\d{1,10}(\.\d{1,10})?$/),
});
const DayCube = z.object({
  time: z.string().refine(isShopDay, 'time must be a date YYYY-MM-DD'),
  Cube: z.array(RateCube).default([]),
});
const Envelope = z.object({
  Envelope: z.object({ Cube: z.object({ Cube: z.array(DayCube).default([]) }) }),
});

/** Cube elements are lists even when one day or one currency is published. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  isArray: (_name, path) => path === 'Envelope.Cube.Cube' || path === 'Envelope.Cube.Cube.Cube',
});

/**
 * Parses one of the ECB's eurofxref files (the gesmes envelope: `Cube time=…` per business day
 * holding `Cube currency=… rate=…`, units per euro) into rows; a document of another shape throws,
 * naming what is wrong, rather than storing nothing silently.
 */
export function parseEcbXml(xml: string): EcbRate[] {
  const parsed = Envelope.safeParse(parser.parse(xml));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`not an ECB reference-rate document (${issue?.path.join('.')}: ${issue?.message})`);
  }
  return parsed.data.Envelope.Cube.Cube.flatMap((day) =>
    day.Cube.filter((rate) => /[1-9]/.test(rate.rate)).map((rate) => ({
      day: day.time,
      currency: rate.currency,
      perEuro: rate.rate,
    })),
  );
}

/** The feed could not be read: unreachable, an HTTP error, or not the ECB's document. */
export class EcbFeedError extends Error {
  override name = 'EcbFeedError';
}

/** Fetches and parses one file of the feed at `baseUrl`; throws with the reason when unreachable. */
export async function fetchEcbRates(baseUrl: string, file: EcbFile): Promise<EcbRate[]> {
  const url = `${baseUrl.replace(/\/$/, '')}/${file}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new EcbFeedError(`the ECB feed is unreachable (${reason})`);
  }
  if (!response.ok) throw new EcbFeedError(`the ECB feed answered HTTP ${response.status}`);
  try {
    return parseEcbXml(await response.text());
  } catch (error) {
    throw new EcbFeedError(error instanceof Error ? error.message : String(error));
  }
}
