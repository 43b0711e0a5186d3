import { expect } from 'vitest';
import type { TestApp } from './start-app.ts';

const json = { 'content-type': 'application/json' };

/** POST/PATCH/PUT with a JSON body through the app, as `cookie`. */
export function sendJson(app: TestApp, method: string, path: string, body: unknown, cookie?: string) {
  return app.request(path, { method, cookie, headers: json, body: JSON.stringify(body) });
}

/** The token at the end of an invitation url (`…/api/invitations/<token>`). */
export const invitationToken = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

/**
 * The real way in: `inviter` invites `email` with `role`, the person signs in through the
 * development identity provider and accepts the link; answers their session cookie, whose active
 * store is now the inviter's team's first store.
 */
export async function joinByInvitation(
  app: TestApp,
  inviter: string,
  person: { email: string; firstName: string; role: 'owner' | 'admin' | 'analyst' | 'viewer' },
): Promise<{ cookie: string; userId: string }> {
  const invited = await sendJson(
    app,
    'POST',
    '/api/workspace/invitations',
    { email: person.email, role: person.role },
    inviter,
  );
  expect(invited.status, await invited.clone().text()).toBe(201);
  const { url } = (await invited.json()) as { url: string };
  const cookie = await app.signIn(person.email, person.firstName);
  const accepted = await app.request(`${new URL(url).pathname}/accept`, {
    method: 'POST',
    cookie,
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  const members = (await (await app.request('/api/workspace/members', { cookie })).json()) as {
    members: Array<{ id: string; you: boolean }>;
  };
  const me = members.members.find((member) => member.you);
  if (!me) throw new Error(`${person.email} is not listed as a member after accepting`);
  return { cookie, userId: me.id };
}
