-- The store a person last chose (issue #17, decision 069): sign-in lands there instead of the first
-- store of their first team, as long as they are still a member of its team (checked at sign-in).
-- A deleted store forgets the choice; sign-in then falls back to the first store of the first team.
ALTER TABLE users ADD COLUMN last_store_id uuid REFERENCES workspaces (id) ON DELETE SET NULL;
