-- Several stores per workspace (issue #17, decision 053). The existing `workspaces` row IS a store:
-- the data scope of its connections, sync, analysis and tracked sites. Every `workspace_id` column
-- keeps its name and means "store id", so nothing is re-keyed or re-synced. What the issue and the
-- API call a "workspace" (people, roles, reporting currency) is the new `teams` table.
CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- The currency the All-stores views sum into (ISO 4217), picked by the owner.
  reporting_currency text NOT NULL DEFAULT 'USD' CHECK (reporting_currency ~ '^[A-Z]{3}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE workspaces ADD COLUMN team_id uuid;

-- Every existing workspace becomes a team with that one store; the team's reporting currency is
-- the store's shop currency when it has synced one.
UPDATE workspaces SET team_id = gen_random_uuid();
INSERT INTO teams (id, name, reporting_currency, created_at)
SELECT w.team_id, w.name, COALESCE(s.currency_code, 'USD'), w.created_at
FROM workspaces w LEFT JOIN wh_shops s ON s.workspace_id = w.id;

ALTER TABLE workspaces
  ALTER COLUMN team_id SET NOT NULL,
  ADD CONSTRAINT workspaces_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE;
CREATE INDEX workspaces_team_id_idx ON workspaces (team_id);

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'analyst', 'viewer')),
  can_see_costs boolean NOT NULL DEFAULT true,
  can_see_personal_data boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user_id_idx ON team_members (user_id);

-- Members keep their role (only 'owner' was ever written; anything else reads as a viewer).
INSERT INTO team_members (team_id, user_id, role, created_at)
SELECT w.team_id, m.user_id,
       CASE WHEN m.role IN ('owner', 'admin', 'analyst', 'viewer') THEN m.role ELSE 'viewer' END,
       m.created_at
FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id;

DROP TABLE workspace_members;
