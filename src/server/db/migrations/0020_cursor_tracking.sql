-- Cursor tracking (issue 7). Raw events are day-partitioned by the time the server received them
-- (server clock, so a client clock cannot create partitions at will), with a BRIN index on that
-- time; partitions are created on demand (ingest/partitions.ts) and dropped after the retention
-- period. Everything the dashboard reads is rolled up at write time into small tables.

CREATE TABLE tracking_configurations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- 'website': added by the owner; 'dashboard': the workspace's own Start/Stop Tracking.
  kind text NOT NULL DEFAULT 'website' CHECK (kind IN ('website', 'dashboard')),
  website_name text NOT NULL,
  website_url text NOT NULL,
  -- Origin of website_url: the only browser origin allowed to post this site's events (CORS).
  website_origin text NOT NULL,
  tracking_id text NOT NULL UNIQUE,
  api_key text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tracking_configurations_workspace_idx ON tracking_configurations (workspace_id, created_at);
CREATE INDEX tracking_configurations_origin_idx ON tracking_configurations (website_origin);
CREATE UNIQUE INDEX tracking_configurations_dashboard_key ON tracking_configurations (workspace_id) WHERE kind = 'dashboard';

CREATE TABLE tracking_events (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL,
  session_id text NOT NULL,
  event_type text NOT NULL,
  page_url text NOT NULL,
  x integer NOT NULL,
  y integer NOT NULL,
  viewport_width integer NOT NULL,
  viewport_height integer NOT NULL,
  document_width integer,
  document_height integer,
  element_selector text,
  offset_x integer,
  offset_y integer,
  scroll_depth smallint,
  client_time timestamptz NOT NULL,
  received_at timestamptz NOT NULL
) PARTITION BY RANGE (received_at);
CREATE INDEX tracking_events_received_at_brin ON tracking_events USING brin (received_at);

-- Heatmap cells: x in 1 % of the viewport width, y in 16 px rows, per viewport bucket, event
-- type, page and day. Kept longer than raw events.
CREATE TABLE tracking_heatmap_cells (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  page_url text NOT NULL,
  day date NOT NULL,
  viewport_bucket text NOT NULL,
  event_type text NOT NULL,
  x_bin smallint NOT NULL,
  y_bin integer NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (configuration_id, page_url, day, viewport_bucket, event_type, x_bin, y_bin)
);
CREATE INDEX tracking_heatmap_cells_workspace_idx ON tracking_heatmap_cells (workspace_id, day);

CREATE TABLE tracking_sessions (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  session_id text NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  event_count bigint NOT NULL,
  click_count bigint NOT NULL,
  last_page_url text NOT NULL,
  last_page_at timestamptz NOT NULL,
  first_received_at timestamptz NOT NULL,
  last_received_at timestamptz NOT NULL,
  PRIMARY KEY (configuration_id, session_id)
);
CREATE INDEX tracking_sessions_workspace_idx ON tracking_sessions (workspace_id, last_received_at DESC);

CREATE TABLE tracking_page_counts (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  page_url text NOT NULL,
  day date NOT NULL,
  event_count bigint NOT NULL,
  PRIMARY KEY (configuration_id, page_url, day)
);
CREATE INDEX tracking_page_counts_workspace_idx ON tracking_page_counts (workspace_id);

CREATE TABLE tracking_click_elements (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  page_url text NOT NULL,
  selector text NOT NULL,
  day date NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (configuration_id, page_url, selector, day)
);
CREATE INDEX tracking_click_elements_workspace_idx ON tracking_click_elements (workspace_id);

-- Token buckets of the per-site rate limit. Shared by every app process; not worth a WAL record
-- per request (losing them in a crash only refills the buckets), hence UNLOGGED.
CREATE UNLOGGED TABLE tracking_rate_buckets (
  configuration_id uuid PRIMARY KEY,
  tokens double precision NOT NULL,
  refilled_at timestamptz NOT NULL
);
