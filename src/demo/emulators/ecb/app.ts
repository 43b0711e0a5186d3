import Fastify, { type FastifyInstance } from 'fastify';
import { toDayNumber } from '../../../core/dates/to-day-number.ts';
import { addDays, localDayOf } from '../../../shared/calendar.ts';
import { FaultController, type FaultSettings, installFaults } from '../faults.ts';
import { isTargetBusinessDay } from './target-calendar.ts';

/**
 * The European Central Bank's euro foreign exchange reference rates (issue #17 item 1), served like
 * https://www.ecb.europa.eu/stats/eurofxref/: `eurofxref-daily.xml` (the last business day),
 * `eurofxref-hist-90d.xml` (the last 90 days) and `eurofxref-hist.xml` (everything since
 * `firstDay`), in the ECB's gesmes envelope, newest day first, units of each currency per euro.
 * Rates are published on TARGET business days only (target-calendar.ts), from 16:00 CET (15:00
 * UTC here) on the day. Figures are made up but smooth and deterministic; tests plant exact ones.
 */

/** Units per euro around which each emulated currency moves (roughly their 2024–2026 levels). */
const BASE_RATES: Readonly<Record<string, number>> = {
  USD: 1.0856,
  JPY: 162.39,
  GBP: 0.85315,
  CHF: 0.9542,
  SEK: 11.472,
  DKK: 7.4589,
  NOK: 11.713,
  PLN: 4.2895,
  CZK: 25.134,
  CAD: 1.4871,
  AUD: 1.6423,
  NZD: 1.8176,
};

/** Hour (UTC) from which a business day's rates are out (the ECB publishes around 16:00 CET). */
const PUBLICATION_HOUR_UTC = 15;

export interface EcbEmulatorOptions {
  /** First day of `eurofxref-hist.xml`; default three years before the clock's day. */
  firstDay?: string;
  /** The emulator's clock (which days are published by now). */
  now?: () => number;
  faults?: Partial<FaultSettings>;
}

export interface EcbEmulator {
  app: FastifyInstance;
  faults: FaultController;
  /** Publishes `perEuro` for `currency` on `day` (an exact decimal string), over the generated figure. */
  plant(day: string, currency: string, perEuro: string): void;
  /** The rate the feed gives for `currency` on a published `day`, or null when that day has none. */
  rateOf(day: string, currency: string): string | null;
  /** Requests answered (path and status), oldest first. */
  requests: Array<{ path: string; status: number }>;
  close(): Promise<void>;
}

/** A smooth, deterministic figure for a currency on a day: within ±3 % of its base, 5 significant digits. */
function generatedRate(currency: string, day: string): string | null {
  const base = BASE_RATES[currency];
  if (base === undefined) return null;
  const phase = [...currency].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const wobble = 0.03 * Math.sin(toDayNumber(day) / 45 + phase);
  return (base * (1 + wobble)).toPrecision(5);
}

/**
 * The rate the emulator's feed gives for `currency` on `day` or, when `day` is not a TARGET
 * business day, on the last one before it (the rate a weekend's amounts convert at), without
 * planted figures: what the demo's ground truth converts ad spend with. Null for an unknown currency.
 */
export function ecbReferenceRate(
  currency: string,
  day: string,
): { rateDate: string; perEuro: string } | null {
  let published = day;
  while (!isTargetBusinessDay(published)) published = addDays(published, -1);
  const perEuro = currency === 'EUR' ? '1' : generatedRate(currency, published);
  return perEuro ? { rateDate: published, perEuro } : null;
}

export function buildEcbEmulator(options: EcbEmulatorOptions = {}): EcbEmulator {
  const now = options.now ?? Date.now;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const faults = new FaultController(options.faults, 67);
  const planted = new Map<string, Map<string, string>>();
  const requests: EcbEmulator['requests'] = [];

  const lastPublishedDay = () => {
    const instant = now();
    const today = localDayOf(instant, 'UTC');
    const out = new Date(instant).getUTCHours() >= PUBLICATION_HOUR_UTC;
    let day = out ? today : addDays(today, -1);
    while (!isTargetBusinessDay(day) && !planted.has(day)) day = addDays(day, -1);
    return day;
  };

  const ratesOn = (day: string): Array<[string, string]> => {
    const plantedDay = planted.get(day);
    if (!isTargetBusinessDay(day) && !plantedDay) return [];
    const rates = new Map<string, string>();
    if (isTargetBusinessDay(day)) {
      for (const currency of Object.keys(BASE_RATES)) {
        const rate = generatedRate(currency, day);
        if (rate) rates.set(currency, rate);
      }
    }
    for (const [currency, rate] of plantedDay ?? []) rates.set(currency, rate);
    return [...rates];
  };

  /** The gesmes envelope of the published days from `first` to the last published day, newest first. */
  const envelope = (first: string): string => {
    const cubes: string[] = [];
    for (let day = lastPublishedDay(); day >= first; day = addDays(day, -1)) {
      const rates = ratesOn(day);
      if (rates.length === 0) continue;
      cubes.push(
        `\t\t<Cube time='${day}'>\n${rates
          .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
          .join('\n')}\n\t\t</Cube>`,
      );
    }
    return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes.join('\n')}
\t</Cube>
</gesmes:Envelope>
`;
  };

  installFaults(app, faults, (reply) =>
    reply.code(503).type('text/html').send('<html><body>Service Unavailable</body></html>'),
  );
  app.addHook('onResponse', async (request, reply) => {
    requests.push({ path: request.url, status: reply.statusCode });
  });
  const xml = 'text/xml; charset=UTF-8';
  const firstDay = () => options.firstDay ?? addDays(localDayOf(now(), 'UTC'), -3 * 365);
  app.get('/stats/eurofxref/eurofxref-daily.xml', async (_request, reply) =>
    reply.type(xml).send(envelope(lastPublishedDay())),
  );
  app.get('/stats/eurofxref/eurofxref-hist-90d.xml', async (_request, reply) =>
    reply.type(xml).send(envelope(addDays(localDayOf(now(), 'UTC'), -90))),
  );
  app.get('/stats/eurofxref/eurofxref-hist.xml', async (_request, reply) =>
    reply.type(xml).send(envelope(firstDay())),
  );

  return {
    app,
    faults,
    requests,
    plant(day, currency, perEuro) {
      const rates = planted.get(day) ?? new Map<string, string>();
      rates.set(currency, perEuro);
      planted.set(day, rates);
    },
    rateOf(day, currency) {
      return ratesOn(day).find(([code]) => code === currency)?.[1] ?? null;
    },
    close: () => app.close(),
  };
}

/** Builds and listens on 127.0.0.1 (port 0 = ephemeral); `baseUrl` is the `…/stats/eurofxref` folder. */
export async function startEcbEmulator(
  options: EcbEmulatorOptions & { host?: string; port?: number } = {},
): Promise<EcbEmulator & { baseUrl: string }> {
  const emulator = buildEcbEmulator(options);
  const address = await emulator.app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return { ...emulator, baseUrl: `${address}/stats/eurofxref` };
}
