import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import type { AuditLogPage, MemberList } from '../../src/shared/contracts/members.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../notifications/receivers.ts';
import { invitationToken, joinByInvitation, sendJson } from '../support/members.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * Issue #17 items 2–4 over HTTP against the real server: invitations by e-mail (a real SMTP server)
 * and link, single use, bound to the invited address, expiring after 7 days; member changes with
 * the owner rules; removal ending the person's session and API token at once; and the audit log
 * of all of it, paginated, readable by owners and admins only.
 */
let app: TestApp;
let smtp: TestSmtpServer;
let owner: string;
/** Ada's session once she accepted (a new sign-in starts in the first workspace she joined, her own). */
let ada = '';
const realClock = () => new Date();

const members = async (cookie: string) =>
  (await (await app.request('/api/workspace/members', { cookie })).json()) as MemberList;
const memberId = async (email: string) =>
  (await members(owner)).members.find((member) => member.email === email)?.id ?? '';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Upside <team@upside.test>' });
  owner = await app.signIn('owner@example.com', 'Olive');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('invitations', () => {
  it('e-mails the link to the invitee and answers it to copy; it works once, for that address only', async () => {
    const invited = await sendJson(
      app,
      'POST',
      '/api/workspace/invitations',
      { email: '  Ada@Example.com ', role: 'analyst' },
      owner,
    );
    expect(invited.status, await invited.clone().text()).toBe(201);
    const body = (await invited.json()) as { url: string; emailed: boolean; invitation: { email: string } };
    expect(body.url).toMatch(new RegExp(`^${app.baseUrl}/api/invitations/[\\w-]{43}$`));
    expect(body).toMatchObject({ emailed: true, invitation: { email: 'ada@example.com' } });

    await runJobsUntilIdle(app.server.deps);
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('ada@example.com');
    expect(mail?.subject).toBe("owner@example.com invited you to Olive's workspace on Upside");
    expect(mail?.text).toContain(body.url);
    expect(mail?.html).toContain(body.url);

    const token = invitationToken(body.url);
    // Opened in a browser, the link goes through sign-in to the invitation page.
    const html = { accept: 'text/html,application/xhtml+xml' };
    const opened = await app.request(new URL(body.url).pathname, { headers: html });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(
      `/api/login?returnTo=${encodeURIComponent(`/invitations/${token}`)}`,
    );
    const signedIn = await app.request(new URL(body.url).pathname, { headers: html, cookie: owner });
    expect(signedIn.headers.get('location')).toBe(`/invitations/${token}`);
    // Anonymous: 401; someone else signed in: refused, told which address to use (masked).
    expect((await app.request(`/api/invitations/${token}/accept`, { method: 'POST' })).status).toBe(401);
    const mallory = await app.signIn('mallory@example.com', 'Mallory');
    const wrong = await app.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: mallory });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      code: 'invitation_for_someone_else',
      message: expect.stringContaining('a***@e***.com'),
    });

    ada = await app.signIn('ada@example.com', 'Ada');
    const preview = await app.request(`/api/invitations/${token}`, { cookie: ada });
    expect(await preview.json()).toMatchObject({
      workspaceName: "Olive's workspace",
      role: 'analyst',
      state: 'pending',
    });
    const accepted = await app.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: ada });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const again = await app.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: ada });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ code: 'invitation_unusable' });
    // The used link no longer shows the workspace or any e-mail address (issue #36).
    const used = await (await app.request(`/api/invitations/${token}`, { cookie: ada })).text();
    expect(JSON.parse(used)).toMatchObject({
      state: 'accepted',
      workspaceName: null,
      email: null,
      invitedBy: null,
    });
    expect(used).not.toContain('@');
    expect(used).not.toContain("Olive's workspace");

    // Ada's session now reads the owner's workspace, as an analyst.
    const list = await members(ada);
    expect(list.you).toEqual({ role: 'analyst', canSeeCosts: true, canSeePersonalData: true });
    expect(list.members.map((member) => [member.email, member.role])).toEqual([
      ['owner@example.com', 'owner'],
      ['ada@example.com', 'analyst'],
    ]);
    // An unknown token is a 404, a malformed one a 400 naming the field.
    expect((await app.request(`/api/invitations/${'x'.repeat(43)}`, { cookie: ada })).status).toBe(404);
    const malformed = await app.request('/api/invitations/%3Cscript%3E', { cookie: ada });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toContain('token');
  });

  it('expires after 7 days', async () => {
    const invited = await sendJson(
      app,
      'POST',
      '/api/workspace/invitations',
      { email: 'late@example.com', role: 'viewer' },
      owner,
    );
    const { url } = (await invited.json()) as { url: string };
    const late = await app.signIn('late@example.com', 'Late');
    try {
      app.server.deps.clock = () => new Date(Date.now() + 7 * 86_400_000 - 60_000);
      expect(
        (await (
          await app.request(`/api/invitations/${invitationToken(url)}`, { cookie: late })
        ).json()) as object,
      ).toMatchObject({ state: 'pending' });
      app.server.deps.clock = () => new Date(Date.now() + 7 * 86_400_000 + 60_000);
      const accepted = await app.request(`/api/invitations/${invitationToken(url)}/accept`, {
        method: 'POST',
        cookie: late,
      });
      expect(accepted.status).toBe(410);
      expect(((await accepted.json()) as { message: string }).message).toContain('expired');
    } finally {
      app.server.deps.clock = realClock;
    }
    // An expired or used invitation is no longer listed as pending; a revoked one cannot be used.
    const pending = (await (await app.request('/api/workspace/invitations', { cookie: owner })).json()) as {
      invitations: Array<{ id: string; email: string }>;
    };
    const lateInvite = pending.invitations.find((invitation) => invitation.email === 'late@example.com');
    expect(lateInvite).toBeDefined();
    expect(pending.invitations.map((invitation) => invitation.email)).not.toContain('ada@example.com');
    expect(
      (await app.request(`/api/workspace/invitations/${lateInvite?.id}`, { method: 'DELETE', cookie: owner }))
        .status,
    ).toBe(204);
    expect(
      (await app.request(`/api/invitations/${invitationToken(url)}/accept`, { method: 'POST', cookie: late }))
        .status,
    ).toBe(410);
  });

  it('refuses bad input naming the field and stores nothing', async () => {
    const before = (await (await app.request('/api/workspace/invitations', { cookie: owner })).json()) as {
      invitations: unknown[];
    };
    for (const [body, field] of [
      [{ email: 'not-an-address', role: 'viewer' }, 'email'],
      [{ email: 'x@example.com', role: 'boss' }, 'role'],
      [{ role: 'viewer' }, 'email'],
    ] as const) {
      const answer = await sendJson(app, 'POST', '/api/workspace/invitations', body, owner);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toContain(field);
    }
    const member = await sendJson(
      app,
      'POST',
      '/api/workspace/invitations',
      { email: 'ada@example.com', role: 'viewer' },
      owner,
    );
    expect(member.status).toBe(409);
    const after = (await (await app.request('/api/workspace/invitations', { cookie: owner })).json()) as {
      invitations: unknown[];
    };
    expect(after.invitations).toHaveLength(before.invitations.length);
  });
});

describe('members', () => {
  let admin: string;
  let viewer: { cookie: string; userId: string };

  beforeAll(async () => {
    admin = (
      await joinByInvitation(app, owner, { email: 'adam@example.com', firstName: 'Adam', role: 'admin' })
    ).cookie;
    viewer = await joinByInvitation(app, owner, {
      email: 'vera@example.com',
      firstName: 'Vera',
      role: 'viewer',
    });
    // An invited viewer sees no costs, profit or personal data until granted (issue #36).
    expect((await members(viewer.cookie)).you).toEqual({
      role: 'viewer',
      canSeeCosts: false,
      canSeePersonalData: false,
    });
  }, 60_000);

  it('lets owners and admins change roles and switches; only an owner touches an owner', async () => {
    const adaId = await memberId('ada@example.com');
    const ownerId = await memberId('owner@example.com');
    expect(
      (await sendJson(app, 'PATCH', `/api/workspace/members/${adaId}`, { role: 'admin' }, viewer.cookie))
        .status,
    ).toBe(403);
    const changed = await sendJson(
      app,
      'PATCH',
      `/api/workspace/members/${adaId}`,
      { canSeeCosts: false, role: 'viewer' },
      admin,
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await members(owner)).members.find((m) => m.id === adaId)).toMatchObject({
      role: 'viewer',
      canSeeCosts: false,
      canSeePersonalData: true,
    });
    expect(
      (await sendJson(app, 'PATCH', `/api/workspace/members/${adaId}`, { role: 'owner' }, admin)).status,
    ).toBe(403);
    expect(
      (await sendJson(app, 'PATCH', `/api/workspace/members/${ownerId}`, { role: 'viewer' }, admin)).status,
    ).toBe(403);
    expect(
      (await app.request(`/api/workspace/members/${ownerId}`, { method: 'DELETE', cookie: admin })).status,
    ).toBe(403);
    const bad = await sendJson(app, 'PATCH', `/api/workspace/members/${adaId}`, { role: 'boss' }, owner);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('role');
    expect(
      (
        await sendJson(
          app,
          'PATCH',
          `/api/workspace/members/${crypto.randomUUID()}`,
          { role: 'viewer' },
          owner,
        )
      ).status,
    ).toBe(404);
  });

  it('keeps the last owner: no demotion, no removal, until another owner exists', async () => {
    const ownerId = await memberId('owner@example.com');
    const demote = await sendJson(
      app,
      'PATCH',
      `/api/workspace/members/${ownerId}`,
      { role: 'admin' },
      owner,
    );
    expect(demote.status).toBe(409);
    expect(await demote.json()).toMatchObject({ code: 'last_owner' });
    expect(
      (await app.request(`/api/workspace/members/${ownerId}`, { method: 'DELETE', cookie: owner })).status,
    ).toBe(409);
    const adam = await memberId('adam@example.com');
    expect(
      (await sendJson(app, 'PATCH', `/api/workspace/members/${adam}`, { role: 'owner' }, owner)).status,
    ).toBe(200);
    expect((await members(owner)).members.find((m) => m.id === adam)).toMatchObject({
      canSeeCosts: true,
      canSeePersonalData: true,
    });
    expect(
      (await sendJson(app, 'PATCH', `/api/workspace/members/${ownerId}`, { role: 'admin' }, owner)).status,
    ).toBe(200);
    // Adam is now the only owner; Olive (admin) cannot demote him.
    expect(
      (await sendJson(app, 'PATCH', `/api/workspace/members/${adam}`, { role: 'admin' }, owner)).status,
    ).toBe(403);
    expect(
      (await sendJson(app, 'PATCH', `/api/workspace/members/${ownerId}`, { role: 'owner' }, admin)).status,
    ).toBe(200);
  });

  it("ends a removed member's session and API token at once", async () => {
    // Vera is a viewer: API tokens are an admin's, so make her one for a moment to create one.
    await sendJson(app, 'PATCH', `/api/workspace/members/${viewer.userId}`, { role: 'admin' }, owner);
    const created = await sendJson(app, 'POST', '/api/tokens', { name: 'vera script' }, viewer.cookie);
    expect(created.status, await created.clone().text()).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const bearer = { authorization: `Bearer ${token}` };
    expect((await app.request('/api/workspace/members', { headers: bearer })).status).toBe(200);
    expect((await app.request('/api/workspace/members', { cookie: viewer.cookie })).status).toBe(200);

    expect(
      (await app.request(`/api/workspace/members/${viewer.userId}`, { method: 'DELETE', cookie: owner }))
        .status,
    ).toBe(204);
    const after = await app.request('/api/workspace/members', { cookie: viewer.cookie });
    expect(after.status).toBe(401);
    expect((await app.request('/api/auth/user', { cookie: viewer.cookie })).status).toBe(401);
    expect((await app.request('/api/workspace/members', { headers: bearer })).status).toBe(401);
    expect((await members(owner)).members.map((m) => m.email)).not.toContain('vera@example.com');
    console.log(
      'removed member: cookie → %d, API token → 401, on the first call after removal',
      after.status,
    );
  });
});

describe('audit log', () => {
  it('is for owners and admins; lists who did what, newest first, page by page', async () => {
    // An export and a credential removal are audited by the route hook.
    expect((await app.request('/api/export/orders.csv', { cookie: owner })).status).toBe(200);
    await app.request('/api/credentials/meta', { method: 'DELETE', cookie: owner });
    expect((await app.request('/api/audit-log', { cookie: ada })).status).toBe(403);
    expect((await app.request('/api/audit-log')).status).toBe(401);

    const all: AuditLogPage['entries'] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const answer = await app.request(`/api/audit-log?limit=3${before ? `&before=${before}` : ''}`, {
        cookie: owner,
      });
      expect(answer.status).toBe(200);
      const page = (await answer.json()) as AuditLogPage;
      expect(page.entries.length).toBeLessThanOrEqual(3);
      all.push(...page.entries);
      before = page.nextBefore;
      pages += 1;
    } while (before && pages < 50);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
    const times = all.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const seen = all.map((entry) => `${entry.actor} ${entry.action} ${entry.target ?? ''}`);
    for (const expected of [
      'owner@example.com member.invited ada@example.com',
      'ada@example.com member.joined ada@example.com',
      'adam@example.com member.changed ada@example.com',
      'owner@example.com invitation.revoked late@example.com',
      'owner@example.com member.removed vera@example.com',
      'vera@example.com api-token.created POST /api/tokens',
      'owner@example.com export.downloaded GET /api/export/orders.csv',
      'owner@example.com credentials.removed DELETE /api/credentials/meta',
    ])
      expect(seen).toContain(expected);
    const change = all.find(
      (entry) => entry.action === 'member.changed' && entry.target === 'ada@example.com',
    );
    expect(change?.details).toMatchObject({
      before: { role: 'analyst', canSeeCosts: true },
      after: { role: 'viewer', canSeeCosts: false },
    });
    console.log('audit log: %d entries over %d pages of 3', all.length, pages);
    const bad = await app.request('/api/audit-log?limit=1000', { cookie: owner });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('limit');
  });
});
