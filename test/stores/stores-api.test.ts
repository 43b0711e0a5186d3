import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { ErrorEnvelopeSchema } from '../../src/shared/contracts/errors.ts';
import { StoreListSchema, StoreSchema } from '../../src/shared/contracts/stores.ts';
import { joinByInvitation } from '../support/members.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * Several stores per workspace (issue #17, decision 053) through the real server and sign-in:
 * listing, adding (owners and admins only), switching the active store, which every store-owned
 * read then follows, and the walls: a store of another workspace is 404 to select, a viewer may not
 * add stores, and a member taken off the team loses their session at the next request.
 */

let app: TestApp;
let owner: string;
let other: string;

const listStores = async (cookie: string) => {
  const response = await app.request('/api/stores', { cookie });
  expect(response.status).toBe(200);
  return StoreListSchema.parse(await response.json());
};
const post = (path: string, cookie: string, body?: unknown) =>
  app.request(path, {
    method: 'POST',
    cookie,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const storeCount = async () =>
  (await queryRows(app.db, z.object({ n: z.number() }), sql`SELECT count(*)::int AS n FROM workspaces`))[0]
    ?.n;

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn('owner@example.com', 'Olive');
  other = await app.signIn('other@example.com', 'Otto');
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('stores of a workspace', () => {
  it('gives a new user a workspace with one store, which is active and theirs to own', async () => {
    const list = await listStores(owner);
    expect(list.role).toBe('owner');
    expect(list.stores.map((store) => [store.name, store.active])).toEqual([["Olive's store", true]]);
    expect(list.activeStoreId).toBe(list.stores[0]?.id);
  });

  it('adds a store without switching to it, and refuses a nameless one with nothing stored', async () => {
    const before = await storeCount();
    const refused = await post('/api/stores', owner, { name: '   ' });
    expect(refused.status).toBe(400);
    expect(ErrorEnvelopeSchema.parse(await refused.json()).message).toContain('name');
    expect(await storeCount()).toBe(before);

    const created = await post('/api/stores', owner, { name: 'Second shop' });
    expect(created.status).toBe(201);
    const store = StoreSchema.parse(await created.json());
    expect(store).toMatchObject({ name: 'Second shop', active: false, currency: null });
    const list = await listStores(owner);
    expect(list.stores.map((s) => [s.name, s.active])).toEqual([
      ["Olive's store", true],
      ['Second shop', false],
    ]);
    // The other user's workspace does not see it.
    expect((await listStores(other)).stores.map((s) => s.name)).toEqual(["Otto's store"]);
  });

  it('switches the active store, and store-owned reads follow it', async () => {
    const [first, second] = (await listStores(owner)).stores;
    if (!first || !second) throw new Error('expected two stores');
    const token = await post('/api/tokens', owner, { name: 'first store script' });
    expect(token.status).toBe(201);
    const tokenNames = async () =>
      (
        (await (await app.request('/api/tokens', { cookie: owner })).json()) as { tokens: { name: string }[] }
      ).tokens.map((t) => t.name);
    expect(await tokenNames()).toEqual(['first store script']);

    const selected = await post(`/api/stores/${second.id}/select`, owner);
    expect(selected.status).toBe(200);
    expect(StoreSchema.parse(await selected.json())).toMatchObject({ id: second.id, active: true });
    expect((await listStores(owner)).activeStoreId).toBe(second.id);
    expect(await tokenNames()).toEqual([]);

    expect((await post(`/api/stores/${first.id}/select`, owner)).status).toBe(200);
    expect(await tokenNames()).toEqual(['first store script']);
  });

  it("answers 404 for another workspace's store and for an unknown one, and leaves the session alone", async () => {
    const [othersStore] = (await listStores(other)).stores;
    if (!othersStore) throw new Error('expected a store');
    const before = (await listStores(owner)).activeStoreId;
    for (const id of [othersStore.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await post(`/api/stores/${id}/select`, owner);
      expect(response.status).toBe(404);
      expect(ErrorEnvelopeSchema.parse(await response.json()).code).toBe('not_found');
    }
    expect((await listStores(owner)).activeStoreId).toBe(before);
    const malformed = await post('/api/stores/not-a-store/select', owner);
    expect(malformed.status).toBe(400);
    expect(ErrorEnvelopeSchema.parse(await malformed.json()).message).toContain('id');
    expect((await app.request('/api/stores')).status).toBe(401);
    expect((await post('/api/stores', '', { name: 'x' })).status).toBe(401);
  });

  it('lets a viewer of the workspace list and switch stores but not add one; removal ends their session', async () => {
    const viewer = await app.signIn('viewer@example.com', 'Vera');
    const ownerList = await listStores(owner);
    const ownersStore = ownerList.stores[0];
    if (!ownersStore) throw new Error('expected a store');
    // Invitations are another part of issue #17: the membership is written as accepting one would.
    await app.db.execute(sql`
      INSERT INTO team_members (team_id, user_id, role)
      SELECT w.team_id, u.id, 'viewer' FROM workspaces w, users u
      WHERE w.id = ${ownersStore.id} AND u.email = 'viewer@example.com'`);
    expect((await post(`/api/stores/${ownersStore.id}/select`, viewer)).status).toBe(200);
    const list = await listStores(viewer);
    expect(list.role).toBe('viewer');
    expect(list.stores.map((s) => s.id)).toEqual(ownerList.stores.map((s) => s.id));

    const refused = await post('/api/stores', viewer, { name: 'Not allowed' });
    expect(refused.status).toBe(403);
    expect(ErrorEnvelopeSchema.parse(await refused.json()).code).toBe('forbidden');
    expect((await listStores(owner)).stores).toHaveLength(2);

    await app.db.execute(sql`
      DELETE FROM team_members m USING users u
      WHERE u.id = m.user_id AND u.email = 'viewer@example.com'
        AND m.team_id = (SELECT team_id FROM workspaces WHERE id = ${ownersStore.id})`);
    expect((await app.request('/api/stores', { cookie: viewer })).status).toBe(401);
  });
});

describe('stores across workspaces (decision 069)', () => {
  it('lists every workspace of a member with their role, switches across them and signs in where they left', async () => {
    const ownerList = await listStores(owner);
    const [ownersFirst, ownersSecond] = ownerList.stores;
    if (!ownersFirst || !ownersSecond) throw new Error('expected two stores');
    const own = await app.signIn('bea@example.com', 'Bea');
    const [beasStore] = (await listStores(own)).stores;
    if (!beasStore) throw new Error('expected a store');

    // Accepting the invitation moves the session into the inviting workspace.
    const joined = await joinByInvitation(app, owner, {
      email: 'bea@example.com',
      firstName: 'Bea',
      role: 'analyst',
    });
    const list = await listStores(joined.cookie);
    expect(list.activeStoreId).toBe(ownersFirst.id);
    expect(list.role).toBe('analyst');
    expect(list.stores.map((s) => s.id)).toEqual([ownersFirst.id, ownersSecond.id]);
    expect(
      list.teams.map((team) => [
        team.name,
        team.role,
        team.active,
        team.stores.map((s) => [s.name, s.active]),
      ]),
    ).toEqual([
      ["Bea's workspace", 'owner', false, [["Bea's store", false]]],
      [
        "Olive's workspace",
        'analyst',
        true,
        [
          ["Olive's store", true],
          ['Second shop', false],
        ],
      ],
    ]);
    // The owner's list is unchanged: one workspace.
    expect((await listStores(owner)).teams.map((team) => [team.name, team.role])).toEqual([
      ["Olive's workspace", 'owner'],
    ]);

    // Back to her own workspace, where she is the owner, and a new sign-in lands there.
    expect((await post(`/api/stores/${beasStore.id}/select`, joined.cookie)).status).toBe(200);
    const back = await listStores(joined.cookie);
    expect([back.activeStoreId, back.role, back.stores.length]).toEqual([beasStore.id, 'owner', 1]);
    expect((await post('/api/stores', joined.cookie, { name: 'Bea second' })).status).toBe(201);
    let again = await app.signIn('bea@example.com', 'Bea');
    expect((await listStores(again)).activeStoreId).toBe(beasStore.id);

    // The last store chosen, in the other workspace, is where the next sign-in lands.
    expect((await post(`/api/stores/${ownersSecond.id}/select`, again)).status).toBe(200);
    again = await app.signIn('bea@example.com', 'Bea');
    const landed = await listStores(again);
    expect([landed.activeStoreId, landed.role]).toEqual([ownersSecond.id, 'analyst']);

    // Removed from that workspace: the remembered store is out of reach, sign-in falls back to the
    // first store of the first workspace she joined (her own).
    const removed = await app.request(`/api/workspace/members/${joined.userId}`, {
      method: 'DELETE',
      cookie: owner,
    });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    expect((await app.request('/api/stores', { cookie: again })).status).toBe(401);
    const fallback = await listStores(await app.signIn('bea@example.com', 'Bea'));
    expect([fallback.activeStoreId, fallback.teams.length]).toEqual([beasStore.id, 1]);
    expect((await post(`/api/stores/${ownersFirst.id}/select`, own)).status).toBe(404);
  });
});
