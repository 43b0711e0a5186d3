import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows, timestampColumn } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';

/**
 * Sign-in lockout (issue #38, decision 094): wrong passwords are counted per account and per
 * address in a sliding 10-minute window, in PostgreSQL so every instance sees one count. The 10th
 * wrong password for an account locks that account (only that one) until its oldest counted
 * failure leaves the window; an address locks after 50 (a script trying many accounts). A good
 * sign-in clears the account's count.
 */
const LOCKOUT = { windowMs: 10 * 60 * 1000, accountFailures: 10, addressFailures: 50 } as const;

/** 429 `account_locked`, with the seconds to wait for Retry-After. */
export class SignInLocked extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      'account_locked',
      `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    );
  }
}

const EdgeRow = z.object({ account_at: timestampColumn.nullable(), ip_at: timestampColumn.nullable() });

/** Throws SignInLocked when the account or the address has too many recent wrong passwords. */
export async function assertNotLocked(
  db: Db,
  who: { account: string; ip: string },
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  // The failure whose leaving the window unlocks: the Nth newest (N = the limit).
  const [row] = await queryRows(
    db,
    EdgeRow,
    sql`SELECT
          (SELECT at FROM sign_in_failures WHERE account = ${who.account} AND at > ${since}
            ORDER BY at DESC OFFSET ${LOCKOUT.accountFailures - 1} LIMIT 1) AS account_at,
          (SELECT at FROM sign_in_failures WHERE ip = ${who.ip} AND at > ${since}
            ORDER BY at DESC OFFSET ${LOCKOUT.addressFailures - 1} LIMIT 1) AS ip_at`,
  );
  const edges = [row?.account_at, row?.ip_at].filter((at) => at != null).map((at) => new Date(at).getTime());
  if (edges.length === 0) return;
  const unlockAt = Math.max(...edges) + LOCKOUT.windowMs;
  throw new SignInLocked(Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000)));
}

export async function recordSignInFailure(db: Db, who: { account: string; ip: string }, now: Date) {
  const since = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  await db.execute(
    sql`INSERT INTO sign_in_failures (account, ip, at) VALUES (${who.account}, ${who.ip}, ${now.toISOString()})`,
  );
  // Housekeeping: failures older than the window count for nothing.
  await db.execute(
    sql`DELETE FROM sign_in_failures WHERE (account = ${who.account} OR ip = ${who.ip}) AND at <= ${since}`,
  );
}

export async function clearSignInFailures(db: Db, account: string): Promise<void> {
  await db.execute(sql`DELETE FROM sign_in_failures WHERE account = ${account}`);
}
