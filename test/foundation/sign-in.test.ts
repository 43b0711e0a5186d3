import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/start-app.ts';

describe('sign-in through the development OpenID Connect provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates the user and a workspace, and /api/auth/user returns the profile', async () => {
    const cookie = await app.signIn('ada@example.com', 'Ada');
    const response = await app.request('/api/auth/user', { cookie });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: null,
      profileImageUrl: null,
    });
    expect(typeof user.id).toBe('string');
  });
});
