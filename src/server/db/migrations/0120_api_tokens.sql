-- Workspace API tokens (issue 18.3, decision 019): read-only bearer tokens for scripts and BI
-- tools. Only the token's SHA-256 is stored; the token itself is shown once, when created.
-- store_id narrows a token to one store once stores exist (a later issue); NULL = the whole
-- workspace. Revoking keeps the row (revoked_at) so the list can say when; expired or revoked
-- tokens are refused like unknown ones. Column documentation lives in src/server/db/schema/api-tokens.ts.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  store_id uuid,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_workspace_idx ON api_tokens (workspace_id, created_at DESC);
