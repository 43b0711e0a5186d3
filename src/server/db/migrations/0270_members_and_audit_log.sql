-- Invitations to a workspace (a team, decision 053) and the audit log (issue #17, decision 055).

-- An invitation is a link with a random token (only its SHA-256 is kept), for one e-mail address and
-- role; it can be accepted once, within 7 days, by a user signed in with that address.
CREATE TABLE team_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'analyst', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz
);
CREATE INDEX team_invitations_team_id_idx ON team_invitations (team_id, created_at DESC);

-- Sensitive actions: who (the user, and their e-mail at the time, kept when the user is gone), when,
-- what (an action name, its target and details). Read newest first, a page at a time, per team.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  store_id uuid REFERENCES workspaces (id) ON DELETE SET NULL,
  actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_email text,
  action text NOT NULL,
  target text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX audit_log_team_id_idx ON audit_log (team_id, id DESC);
