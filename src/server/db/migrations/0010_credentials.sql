-- Encrypted credentials, one per (workspace, provider); see src/server/db/schema/credentials.ts.
CREATE TABLE credentials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('shopify', 'ga4', 'meta')),
  key_id text NOT NULL,
  iv text NOT NULL,
  auth_tag text NOT NULL,
  ciphertext text NOT NULL,
  public_info jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('verified', 'failed', 'unverified')),
  last_error text,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credentials_workspace_provider_key ON credentials (workspace_id, provider);
CREATE INDEX credentials_key_id_idx ON credentials (key_id);
