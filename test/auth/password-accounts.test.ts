import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import type { AuthMethods, AuthSession } from '../../src/shared/contracts/auth.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../notifications/receivers.ts';
import { invitationToken, sendJson } from '../support/members.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * Issue #38 item 1 over HTTP against the real server with UPSIDE_AUTH=password and a real SMTP
 * server: the owner's setup (201 once, 409 after), password rules, sign-in, the per-account lockout
 * that leaves others signing in, reset links (single use, one hour), joining by invitation with a
 * password (the mailed link verifies the address), TOTP with recovery codes, and revocable sessions.
 */
let app: TestApp;
let smtp: TestSmtpServer;
const OWNER = { email: 'olive@shop.example', password: 'violet-harbour-lantern-42', name: 'Olive Owner' };
const ADA = { email: 'ada@shop.example', password: 'quiet-meadow-copper-77', name: 'Ada' };
const realClock = () => new Date();
/** Every sign-in hashes with the production parameters (tens of ms each; seconds on a loaded machine). */
const SLOW = 180_000;

const cookieOf = (response: Response) => {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('upside_session='));
  return line?.split(';')[0] ?? '';
};
const login = (email: string, password: string, code?: string) =>
  sendJson(app, 'POST', '/api/auth/password/login', { email, password, ...(code ? { code } : {}) });
const methods = async () => (await (await app.request('/api/auth/methods')).json()) as AuthMethods;
const moveClock = (ms: number) => {
  app.server.deps.clock = () => new Date(Date.now() + ms);
};
/** The link with `path` in the `count`th mail the SMTP server received. */
async function linkMailed(count: number, path: string): Promise<string> {
  const mails = await smtp.waitFor(count, 30_000);
  const text = mails[count - 1]?.text ?? '';
  const link = new RegExp(`https?://[^\\s]+${path}[\\w-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in: ${text}`);
  return link;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({
    UPSIDE_AUTH: 'password',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Upside <team@upside.test>',
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('the owner account of a fresh install', { timeout: SLOW }, () => {
  it('is offered once; weak and common passwords are refused naming the rule; a second setup is 409', async () => {
    expect(await methods()).toEqual({ password: true, oidc: false, setupNeeded: true });
    // No development provider with password accounts on: /api/login leads to the sign-in page.
    const start = await app.request('/api/login?returnTo=/dashboard');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/sign-in?returnTo=%2Fdashboard');

    const short = await sendJson(app, 'POST', '/api/auth/setup', { ...OWNER, password: 'short-pw' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      code: 'weak_password',
      message: expect.stringMatching(/at least 12 characters/),
    });
    const common = await sendJson(app, 'POST', '/api/auth/setup', { ...OWNER, password: 'QWERTY123456' });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      code: 'weak_password',
      message: expect.stringMatching(/most common passwords/),
    });
    const noName = await sendJson(app, 'POST', '/api/auth/setup', { ...OWNER, name: '' });
    expect(noName.status).toBe(400);
    expect(await methods()).toMatchObject({ setupNeeded: true });

    const created = await sendJson(app, 'POST', '/api/auth/setup', {
      ...OWNER,
      email: ' Olive@Shop.example ',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await created.json()).toMatchObject({ email: OWNER.email, firstName: 'Olive', lastName: 'Owner' });
    const cookie = cookieOf(created);
    const me = await app.request('/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    // The same team and first store as a first OIDC sign-in makes, the owner its only member.
    const members = (await (await app.request('/api/workspace/members', { cookie })).json()) as {
      members: Array<{ email: string; role: string }>;
    };
    expect(members.members).toEqual([expect.objectContaining({ email: OWNER.email, role: 'owner' })]);

    const again = await sendJson(app, 'POST', '/api/auth/setup', { ...ADA, email: 'other@shop.example' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'owner_exists' });
    expect(await methods()).toMatchObject({ setupNeeded: false });
  });

  it('signs in with the password: a session cookie; a wrong password is 401', async () => {
    const good = await login(OWNER.email, OWNER.password);
    expect(good.status).toBe(200);
    expect((await app.request('/api/auth/user', { cookie: cookieOf(good) })).status).toBe(200);
    const wrong = await login(OWNER.email, 'not-the-password-at-all');
    expect(wrong.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(wrongBody).toMatchObject({ code: 'wrong_password' });
    // An unknown address answers exactly as a wrong password does (no account discovery).
    const nobody = await login('nobody@shop.example', OWNER.password);
    expect(nobody.status).toBe(401);
    expect(await nobody.json()).toEqual(wrongBody);
  });

  it('upgrades a hash made with older parameters at the next good sign-in, and it still verifies', async () => {
    // A hash from before decision 094's parameters rose (19 MiB × 2), as the `argon2` package wrote
    // it before decision 242 moved hashing to `@node-rs/argon2` (its PHC string orders the
    // parameters m, p, t): still accepted, then rewritten.
    const older =
      '$argon2id$v=19$m=19456,p=1,t=2$jw+r32d0PfewB0TCBDrJhw$5I9G20nOA94yuq1cz04l1Gm+BcRf2bSKptpNnL0A8fk';
    await app.db.execute(sql`UPDATE users SET password_hash = ${older} WHERE email = ${OWNER.email}`);
    const storedHash = async () => {
      const result = await app.db.execute(sql`SELECT password_hash FROM users WHERE email = ${OWNER.email}`);
      return (result as unknown as { rows: Array<{ password_hash: string }> }).rows[0]?.password_hash ?? '';
    };
    expect((await login(OWNER.email, 'not-the-password-at-all')).status).toBe(401);
    expect(await storedHash()).toBe(older);
    expect((await login(OWNER.email, OWNER.password)).status).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded.split('$')[3]?.split(',').sort()).toEqual(['m=65536', 'p=1', 't=3']);
    expect((await login(OWNER.email, OWNER.password)).status).toBe(200);
  });
});

describe("the owner's e-mail address", { timeout: SLOW }, () => {
  it('is proven by a mailed single-use link that lasts an hour', async () => {
    const owner = cookieOf(await login(OWNER.email, OWNER.password));
    const status = async () => (await app.request('/api/auth/email/verification', { cookie: owner })).json();
    // Created at setup, before any mail server may be configured: not proven yet.
    expect(await status()).toMatchObject({
      email: OWNER.email,
      verified: false,
      verifiedAt: null,
      canVerify: true,
    });
    const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1) ?? '';
    const mailsBefore = smtp.messages.length;
    const sent = await sendJson(app, 'POST', '/api/auth/email/verification', {}, owner);
    expect(sent.status, await sent.clone().text()).toBe(202);
    expect(await sent.json()).toEqual({ sentTo: expect.stringMatching(/^o\*+@/) });
    const first = tokenOf(await linkMailed(mailsBefore + 1, '/verify-email/'));
    expect(smtp.messages.at(-1)?.subject).toBe('Confirm your e-mail address for Upside');
    expect((await sendJson(app, 'POST', '/api/auth/email/verification', {}, owner)).status).toBe(202);
    const second = tokenOf(await linkMailed(mailsBefore + 2, '/verify-email/'));
    const confirm = (token: string) => sendJson(app, 'POST', `/api/auth/email/verification/${token}`, {});

    // Over an hour old: 410, nothing proven.
    try {
      moveClock(60 * 60 * 1000 + 1000);
      const late = await confirm(first);
      expect(late.status).toBe(410);
      expect(await late.json()).toMatchObject({ code: 'link_unusable' });
    } finally {
      app.server.deps.clock = realClock;
    }
    expect(await status()).toMatchObject({ verified: false });

    // Opened without a session (another browser): proves the address, once.
    const confirmed = await confirm(second);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(await confirmed.json()).toEqual({ email: expect.stringMatching(/^o\*+@/) });
    expect(await status()).toMatchObject({ verified: true, verifiedAt: expect.any(String) });
    expect((await confirm(second)).status).toBe(410);
    const again = await sendJson(app, 'POST', '/api/auth/email/verification', {}, owner);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'already_verified' });
    expect((await confirm('not a token')).status).toBe(400);
  });
});

describe('an invited member with a password account', { timeout: SLOW }, () => {
  it('sets the password through the mailed invitation link and is then a member', async () => {
    const owner = cookieOf(await login(OWNER.email, OWNER.password));
    const mailsBefore = smtp.messages.length;
    const invited = await sendJson(
      app,
      'POST',
      '/api/workspace/invitations',
      { email: ADA.email, role: 'analyst' },
      owner,
    );
    expect(invited.status, await invited.clone().text()).toBe(201);
    await runJobsUntilIdle(app.server.deps);
    const link = await linkMailed(mailsBefore + 1, '/api/invitations/');
    const token = invitationToken(link);

    const weak = await sendJson(app, 'POST', `/api/invitations/${token}/password`, {
      name: ADA.name,
      password: 'password1234',
    });
    expect(weak.status).toBe(400);
    const joined = await sendJson(app, 'POST', `/api/invitations/${token}/password`, {
      name: ADA.name,
      password: ADA.password,
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const members = (await (
      await app.request('/api/workspace/members', { cookie: cookieOf(joined) })
    ).json()) as {
      members: Array<{ email: string; role: string }>;
    };
    expect(members.members.map((member) => [member.email, member.role])).toEqual([
      [OWNER.email, 'owner'],
      [ADA.email, 'analyst'],
    ]);
    // The link worked once.
    const twice = await sendJson(app, 'POST', `/api/invitations/${token}/password`, {
      name: 'Eve',
      password: 'another-long-password-9',
    });
    expect(twice.status).toBe(410);
    expect((await login(ADA.email, ADA.password)).status).toBe(200);
  });
});

describe('lockout', { timeout: SLOW }, () => {
  it('answers 429 with the wait after 10 wrong passwords for one account, while another still signs in', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1)
      expect((await login(OWNER.email, `wrong-guess-${attempt}`)).status).toBe(401);
    const locked = await login(OWNER.email, OWNER.password);
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    // The sentence says the same wait in minutes (10, or fewer when the ten tries took a while).
    expect(await locked.json()).toEqual({
      code: 'account_locked',
      message: `Too many wrong passwords. Try again in ${Math.ceil(wait / 60)} minute${Math.ceil(wait / 60) === 1 ? '' : 's'}, or reset your password.`,
    });
    // Another account, from the same address, is not locked.
    expect((await login(ADA.email, ADA.password)).status).toBe(200);
    try {
      moveClock(wait * 1000 + 1000);
      expect((await login(OWNER.email, OWNER.password)).status).toBe(200);
    } finally {
      app.server.deps.clock = realClock;
    }
  });
});

describe('password reset', { timeout: SLOW }, () => {
  it('always answers 202; mails a single-use link to an existing account; 410 on reuse and after an hour', async () => {
    const session = cookieOf(await login(OWNER.email, OWNER.password));
    const mailsBefore = smtp.messages.length;
    const unknown = await sendJson(app, 'POST', '/api/auth/password/reset', { email: 'nobody@shop.example' });
    expect(unknown.status).toBe(202);
    const known = await sendJson(app, 'POST', '/api/auth/password/reset', { email: OWNER.email });
    expect(known.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    const link = await linkMailed(mailsBefore + 1, '/reset-password/');
    expect(smtp.messages.at(-1)?.subject).toBe('Reset your Upside password');
    const token = new URL(link).pathname.split('/').at(-1) ?? '';
    // The database keeps only its hash.
    const stored = await app.db.execute(
      `SELECT count(*)::int AS n FROM password_tokens WHERE token_hash = '${token}'` as never,
    );
    expect((stored as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);

    const preview = await app.request(`/api/auth/password/reset/${token}`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ email: expect.stringMatching(/^o\*+@/) });
    const common = await sendJson(app, 'POST', `/api/auth/password/reset/${token}`, {
      password: '1qaz2wsx3EDC',
    });
    expect(common.status).toBe(400);
    const newPassword = 'amber-glacier-tandem-19';
    const reset = await sendJson(app, 'POST', `/api/auth/password/reset/${token}`, { password: newPassword });
    expect(reset.status, await reset.clone().text()).toBe(204);
    // Every session of the account ended; the old password no longer works, the new one does.
    expect((await app.request('/api/auth/user', { cookie: session })).status).toBe(401);
    expect((await login(OWNER.email, OWNER.password)).status).toBe(401);
    expect((await login(OWNER.email, newPassword)).status).toBe(200);
    OWNER.password = newPassword;

    const reused = await sendJson(app, 'POST', `/api/auth/password/reset/${token}`, {
      password: 'second-use-of-the-link-5',
    });
    expect(reused.status).toBe(410);
    expect(await reused.json()).toMatchObject({ code: 'link_unusable' });
    expect((await app.request(`/api/auth/password/reset/${token}`)).status).toBe(410);

    await sendJson(app, 'POST', '/api/auth/password/reset', { email: OWNER.email });
    const late =
      new URL(await linkMailed(mailsBefore + 2, '/reset-password/')).pathname.split('/').at(-1) ?? '';
    try {
      moveClock(60 * 60 * 1000 + 1000);
      const expired = await sendJson(app, 'POST', `/api/auth/password/reset/${late}`, {
        password: 'too-late-for-this-link-8',
      });
      expect(expired.status).toBe(410);
    } finally {
      app.server.deps.clock = realClock;
    }
  });
});

describe('two-factor sign-in and devices', { timeout: SLOW }, () => {
  it('turns TOTP on with a proven code, then asks for a code or a single-use recovery code', async () => {
    const cookie = cookieOf(await login(ADA.email, ADA.password));
    expect(await (await app.request('/api/auth/two-factor', { cookie })).json()).toEqual({
      available: true,
      enabled: false,
    });
    const started = await app.request('/api/auth/two-factor/start', { method: 'POST', cookie });
    expect(started.status).toBe(200);
    const { secret, uri } = (await started.json()) as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/Upside:ada%40shop\.example\?/);
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });

    const wrong = await sendJson(
      app,
      'POST',
      '/api/auth/two-factor/enable',
      { code: totp.generate() === '000000' ? '111111' : '000000' },
      cookie,
    );
    expect(wrong.status).toBe(400);
    const enabled = await sendJson(
      app,
      'POST',
      '/api/auth/two-factor/enable',
      { code: totp.generate() },
      cookie,
    );
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    expect(new Set(recoveryCodes).size).toBe(10);

    const noCode = await login(ADA.email, ADA.password);
    expect(noCode.status).toBe(401);
    expect(await noCode.json()).toMatchObject({ code: 'two_factor_required' });
    expect((await login(ADA.email, ADA.password, totp.generate())).status).toBe(200);
    const recovery = recoveryCodes[0] ?? '';
    expect((await login(ADA.email, ADA.password, recovery)).status).toBe(200);
    const reused = await login(ADA.email, ADA.password, recovery);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: 'wrong_two_factor_code' });
    // The secret rests encrypted.
    const rows = (await app.db.execute(
      `SELECT totp_secret::text AS s FROM users WHERE email = '${ADA.email}'` as never,
    )) as unknown as {
      rows: Array<{ s: string }>;
    };
    expect(rows.rows[0]?.s).not.toContain(secret);
  });

  it('lists the signed-in devices and ends one of them', async () => {
    const phone = cookieOf(
      await app.request('/api/auth/password/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Phone Browser/1.0' },
        body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
      }),
    );
    const laptop = cookieOf(await login(OWNER.email, OWNER.password));
    const listed = (await (await app.request('/api/auth/sessions', { cookie: laptop })).json()) as {
      sessions: AuthSession[];
    };
    const other = listed.sessions.find((session) => session.userAgent === 'Phone Browser/1.0');
    expect(other?.current).toBe(false);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    const ended = await app.request(`/api/auth/sessions/${other?.id}`, { method: 'DELETE', cookie: laptop });
    expect(ended.status).toBe(204);
    expect((await app.request('/api/auth/user', { cookie: phone })).status).toBe(401);
    expect((await app.request('/api/auth/user', { cookie: laptop })).status).toBe(200);
    // A session that is not the caller's (or no longer exists) is not found.
    const again = await app.request(`/api/auth/sessions/${other?.id}`, { method: 'DELETE', cookie: laptop });
    expect(again.status).toBe(404);
  });
});
