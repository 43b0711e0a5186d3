-- Alerts and scheduled digests (issue #14, decisions 027–029).

-- Where notifications go: an e-mail address, a Slack incoming webhook or a generic webhook.
-- Slack and webhook URLs are bearer credentials: the target (and a webhook's HMAC signing secret)
-- is stored encrypted by the vault as one JSON record (target_*), with a masked form for lists.
CREATE TABLE notification_channels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('email', 'slack', 'webhook')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  target_masked text NOT NULL,
  target_key_id text NOT NULL,
  target_iv text NOT NULL,
  target_auth_tag text NOT NULL,
  target_ciphertext text NOT NULL,
  -- E-mail channels receive the digests too; an unsubscribe link turns this off.
  digests boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX notification_channels_workspace_idx ON notification_channels (workspace_id, created_at);

-- Each user's digest and quiet-hour settings per workspace (hours in the shop time zone).
CREATE TABLE notification_settings (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  daily_digest boolean NOT NULL DEFAULT true,
  weekly_digest boolean NOT NULL DEFAULT false,
  digest_hour smallint NOT NULL DEFAULT 7 CHECK (digest_hour BETWEEN 0 AND 23),
  email_alerts boolean NOT NULL DEFAULT true,
  quiet_start smallint CHECK (quiet_start BETWEEN 0 AND 23),
  quiet_end smallint CHECK (quiet_end BETWEEN 0 AND 23),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);

-- The owner's own thresholds ("net profit below 0 for 1 day"); built-in rules need no row.
CREATE TABLE alert_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  metric text NOT NULL,
  comparator text NOT NULL CHECK (comparator IN ('above', 'below')),
  -- Money in minor units of the shop currency, counts as they are.
  threshold bigint NOT NULL,
  window_days smallint NOT NULL CHECK (window_days BETWEEN 1 AND 90),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
CREATE INDEX alert_rules_workspace_idx ON alert_rules (workspace_id);

-- An alert: opened once per (rule, subject) while its condition holds, resolved when it clears.
CREATE TABLE alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  rule text NOT NULL,
  -- What the alert is about within its rule: a day, a product, a source ('' when one per rule).
  subject text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('open', 'resolved')),
  title text NOT NULL,
  detail text NOT NULL,
  link text NOT NULL,
  opened_at timestamptz NOT NULL,
  resolved_at timestamptz
);
CREATE UNIQUE INDEX alerts_open_key ON alerts (workspace_id, rule, subject) WHERE status = 'open';
CREATE INDEX alerts_workspace_idx ON alerts (workspace_id, opened_at DESC);

-- Every message: one row per (what, period, recipient), unique, so a second instance, a restart
-- or a retry finds the row instead of sending again (decision 028). The rendered message is kept
-- so a retry sends exactly what was decided.
CREATE TABLE notification_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- 'digest:daily', 'digest:weekly', 'alert:<id>:opened', 'alert:<id>:resolved', 'test:<uuid>'
  source text NOT NULL,
  period text NOT NULL,
  -- 'email:<address>' or 'channel:<id>'
  recipient text NOT NULL,
  channel_id uuid REFERENCES notification_channels (id) ON DELETE SET NULL,
  alert_id uuid REFERENCES alerts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('email', 'slack', 'webhook')),
  subject text NOT NULL,
  message jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  claimed_by text,
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (workspace_id, source, period, recipient)
);
CREATE INDEX notification_deliveries_history_idx ON notification_deliveries (workspace_id, created_at DESC);
CREATE INDEX notification_deliveries_alert_idx ON notification_deliveries (alert_id);
