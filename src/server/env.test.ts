import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('runs with no configuration at all: port 5000, embedded database, demo mode, dev sign-in', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
      demo: true,
      demoPreset: 'small',
      oidc: undefined,
      dataDir: './.upside',
    });
  });

  it('serves the small demo store unless DEMO_PRESET asks for the causal one, and refuses another', () => {
    expect(loadEnv({ DEMO_PRESET: 'causal' }).demoPreset).toBe('causal');
    expect(() => loadEnv({ DEMO_PRESET: 'large' })).toThrow(/DEMO_PRESET/);
  });

  it('sizes the demo store by the preset unless DEMO_CUSTOMERS asks for another number of customers', () => {
    expect(loadEnv({}).demoCustomers).toBeUndefined();
    expect(loadEnv({ DEMO_CUSTOMERS: '500' }).demoCustomers).toBe(500);
    for (const bad of ['99', '1.5', 'many', '100001']) {
      expect(() => loadEnv({ DEMO_CUSTOMERS: bad })).toThrow(/DEMO_CUSTOMERS/);
    }
  });

  it("serves the preset's days of demo history unless DEMO_DAYS asks for 60 to 3000", () => {
    expect(loadEnv({}).demoDays).toBeUndefined();
    expect(loadEnv({ DEMO_DAYS: '60' }).demoDays).toBe(60);
    for (const bad of ['59', '90.5', 'all', '3001']) {
      expect(() => loadEnv({ DEMO_DAYS: bad })).toThrow(/DEMO_DAYS/);
    }
  });

  it('takes a model for Ask only from LLM_BASE_URL and LLM_MODEL together, none without them', () => {
    expect(loadEnv({}).llm).toBeUndefined();
    expect(
      loadEnv({ LLM_BASE_URL: 'http://127.0.0.1:8080/v1/', LLM_MODEL: 'qwen2.5-7b-instruct' }).llm,
    ).toEqual({ baseUrl: 'http://127.0.0.1:8080/v1', model: 'qwen2.5-7b-instruct', apiKey: undefined });
    expect(() => loadEnv({ LLM_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/LLM_MODEL/);
    expect(() => loadEnv({ LLM_API_KEY: 'sk-x' })).toThrow(/LLM_API_KEY/);
  });

  it('takes the job lease in whole seconds, 2 minutes by default, and refuses one too short to heartbeat', () => {
    expect(loadEnv({}).jobLeaseSeconds).toBe(120);
    expect(loadEnv({ JOB_LEASE_SECONDS: '8' }).jobLeaseSeconds).toBe(8);
    for (const bad of ['4', '2.5', 'soon', '3601']) {
      expect(() => loadEnv({ JOB_LEASE_SECONDS: bad })).toThrow(/JOB_LEASE_SECONDS/);
    }
  });

  it('takes the "send test" grace in whole seconds, a minute by default', () => {
    expect(loadEnv({}).notificationSendGraceSeconds).toBe(60);
    expect(loadEnv({ NOTIFICATION_SEND_GRACE_SECONDS: '6' }).notificationSendGraceSeconds).toBe(6);
    for (const bad of ['0', '1.5', 'later', '3601']) {
      expect(() => loadEnv({ NOTIFICATION_SEND_GRACE_SECONDS: bad })).toThrow(
        /NOTIFICATION_SEND_GRACE_SECONDS/,
      );
    }
  });

  it('takes a read replica only beside DATABASE_URL, 10 s of staleness by default (decision 126)', () => {
    expect(loadEnv({}).readReplica).toBeUndefined();
    const primary = { DATABASE_URL: 'postgres://db/upside' };
    expect(loadEnv({ ...primary, DATABASE_READ_URL: 'postgres://replica/upside' }).readReplica).toEqual({
      url: 'postgres://replica/upside',
      maxLagSeconds: 10,
    });
    expect(
      loadEnv({ ...primary, DATABASE_READ_URL: 'postgres://r/u', DATABASE_READ_MAX_LAG_SECONDS: '2.5' })
        .readReplica?.maxLagSeconds,
    ).toBe(2.5);
    expect(() => loadEnv({ DATABASE_READ_URL: 'postgres://replica/upside' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadEnv({ ...primary, DATABASE_READ_URL: 'mysql://replica' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadEnv({ ...primary, DATABASE_READ_MAX_LAG_SECONDS: '5' })).toThrow(
      /DATABASE_READ_MAX_LAG_SECONDS/,
    );
    for (const bad of ['0', '-1', 'soon', '3601'])
      expect(() =>
        loadEnv({ ...primary, DATABASE_READ_URL: 'postgres://r/u', DATABASE_READ_MAX_LAG_SECONDS: bad }),
      ).toThrow(/DATABASE_READ_MAX_LAG_SECONDS/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ENCRYPTION_KEY: 'short',
        OIDC_ISSUER: 'https://id.example',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'ENCRYPTION_KEY', 'OIDC_ISSUER'])
        expect(problems).toContain(name);
    }
  });

  it('requires the production secrets in production and turns demo mode off there', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/upside',
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PUBLIC_URL: 'https://upside.example.com/',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'upside',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(env.demo).toBe(false);
    expect(env.publicUrl).toBe('https://upside.example.com');
    expect(env.passwordAccounts).toBe(false);
  });

  it('offers password accounts in production without OIDC, and when asked for (decision 094)', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/upside',
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      PUBLIC_URL: 'https://upside.example.com/',
    };
    expect(loadEnv(production).passwordAccounts).toBe(true);
    expect(() => loadEnv({ ...production, UPSIDE_AUTH: 'oidc' })).toThrow(/OIDC_ISSUER/);
    expect(loadEnv({}).passwordAccounts).toBe(false);
    expect(loadEnv({ UPSIDE_AUTH: 'password' }).passwordAccounts).toBe(true);
  });
});
