import { maskEmail, maskName } from '../../../shared/masking.ts';

/**
 * What a member without "can see costs and profit" or "can see customers' personal data" gets of
 * an answer (issue #17 item 2, decision 055): the same JSON with every cost and profit figure
 * withheld (null) and every customer name and e-mail masked. Applied to the serialized answer of
 * every route, so a figure added to any contract later is withheld too as long as its name says
 * what it is (profit…, contribution…, cogs, gross profit or margin, POAS, CAC, shipping cost,
 * payment fees, unit cost).
 */
const COST_KEY =
  /^(profit|contribution|cogs|gross_?profit|gross_?margin|net_?profit|poas|cac|new_?customer_?cac|shipping_?cost|payment_?fees|unit_?cost)/i;

const PERSONAL_KEYS = new Set([
  'first_name',
  'last_name',
  'firstName',
  'lastName',
  'address1',
  'zip',
  'phone',
]);

export interface Redaction {
  costs: boolean;
  personalData: boolean;
}

function maskValue(key: string, value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  return key.toLowerCase().includes('email') ? maskEmail(value) : maskName(value);
}

/** A copy of `value` with what the redaction asks for withheld or masked. */
export function redactPayload(value: unknown, redaction: Redaction): unknown {
  if (Array.isArray(value)) return value.map((item) => redactPayload(item, redaction));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  // A customer row names its person in `name` beside an `email` (an order's `name` is its number).
  const isPerson = 'email' in record;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if (redaction.costs && COST_KEY.test(key)) out[key] = null;
    else if (
      redaction.personalData &&
      (PERSONAL_KEYS.has(key) || /e_?mail$/i.test(key) || (isPerson && key === 'name'))
    )
      out[key] = maskValue(key, item);
    else out[key] = redactPayload(item, redaction);
  }
  return out;
}
