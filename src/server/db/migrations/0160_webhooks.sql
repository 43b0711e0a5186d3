-- Shopify webhooks (issue #15, decision 030). Raw SQL only: the feature reads and writes these
-- tables through src/server/features/webhooks/queries.

-- One row per delivered event (X-Shopify-Event-Id) per workspace: the primary key is the dedupe,
-- so a replay inserts nothing. The verified payload is kept until the job has processed it, then
-- cleared (it may hold personal data); the row stays as the dedupe record.
CREATE TABLE webhook_events (
  id bigserial UNIQUE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  topic text NOT NULL,
  webhook_id text,
  triggered_at timestamptz,
  received_at timestamptz NOT NULL,
  payload jsonb,
  processed_at timestamptz,
  outcome text,
  PRIMARY KEY (workspace_id, event_id)
);
CREATE INDEX webhook_events_pending_idx ON webhook_events (workspace_id, received_at) WHERE processed_at IS NULL;

-- How each workspace's Shopify data arrives: 'webhooks' once every subscription was created,
-- otherwise 'polling' with the reason (no public URL, no API secret key, scope refused, …).
CREATE TABLE webhook_subscriptions (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('webhooks', 'polling')),
  reason text,
  callback_url text,
  subscription_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL
);

-- Customers whose personal data was erased (customers/redact). A trigger keeps every later write
-- of wh_customers anonymous, so no sync can bring the data back.
CREATE TABLE redacted_customers (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  customer_id bigint NOT NULL,
  redacted_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, customer_id)
);

CREATE FUNCTION keep_redacted_customers_anonymous() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM redacted_customers r
             WHERE r.workspace_id = NEW.workspace_id AND r.customer_id = NEW.customer_id) THEN
    NEW.first_name := NULL;
    NEW.last_name := NULL;
    NEW.email := NULL;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER wh_customers_keep_redacted BEFORE INSERT OR UPDATE ON wh_customers
  FOR EACH ROW EXECUTE FUNCTION keep_redacted_customers_anonymous();

-- Audit log of compliance requests (customers/redact, customers/data_request, shop/redact):
-- what was asked, when, and what was done. No personal data: customer ids only. shop/redact
-- deletes the workspace's store data but keeps its audit rows, so there is no foreign key.
CREATE TABLE compliance_audit_log (
  id bigserial PRIMARY KEY,
  workspace_id uuid NOT NULL,
  topic text NOT NULL,
  event_id text,
  customer_id bigint,
  action text NOT NULL,
  rows_affected integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE INDEX compliance_audit_log_workspace_idx ON compliance_audit_log (workspace_id, created_at DESC);

-- customers/data_request: the export for the owner to download (JSON of what Upside holds).
CREATE TABLE customer_data_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  customer_id bigint NOT NULL,
  content jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX customer_data_exports_workspace_idx ON customer_data_exports (workspace_id, created_at DESC);
