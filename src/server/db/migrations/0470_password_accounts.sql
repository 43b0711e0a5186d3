-- Built-in accounts beside OpenID Connect (issue #38, decision 094). A password account is a users
-- row with issuer 'upside:password' and subject = its lower-cased e-mail, so the existing
-- (issuer, subject) key keeps one account per address.

ALTER TABLE users ADD COLUMN password_hash text;
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- The TOTP secret, encrypted by the vault ({ keyId, iv, authTag, ciphertext }); totp_enabled_at is
-- set once the person proved a first code (a secret without it is a setup in progress).
ALTER TABLE users ADD COLUMN totp_secret jsonb;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;

-- Sessions get an id to name them on the profile (the token hash stays the key) and the device.
ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD COLUMN user_agent text;
CREATE UNIQUE INDEX sessions_id_key ON sessions (id);

-- Single-use links mailed to a password account: a reset (1 hour). Only a SHA-256 of the token.
CREATE TABLE password_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_tokens_user_idx ON password_tokens (user_id);

-- Wrong passwords, per account (lower-cased e-mail) and per address: the lockout counts them in a
-- sliding window, in the database so every instance sees the same count.
CREATE TABLE sign_in_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_account_idx ON sign_in_failures (account, at);
CREATE INDEX sign_in_failures_ip_idx ON sign_in_failures (ip, at);

-- Two-factor recovery codes: SHA-256 of each code, each usable once.
CREATE TABLE totp_recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
