-- Issue 40, decision 134: pre-aggregates that keep the funnel report exact at 10M events.
-- A funnel is keyed by its id, or 'checkout' for the built-in checkout funnel.

-- Per funnel: the definition its rollups were built for (steps, window, shop time zone; a change
-- rebuilds them) and one watermark per source, each on that source's received time: every event
-- received before it is folded. Each source has its own because their clocks differ (pixel events
-- take the database's now(), tracker events the app's clock).
CREATE TABLE funnel_fold_state (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  funnel_key text NOT NULL,
  definition text NOT NULL,
  pixel_watermark timestamptz,
  tracker_watermark timestamptz,
  folded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, funnel_key)
);

-- Per funnel and session with at least one event passing a step: that session's step marks (four
-- aligned arrays: event time in ms, step mask, received time in epoch seconds, source 0 pixel /
-- 1 tracker), the path matchFunnelMarks gives over them, and the session's shop-local start day,
-- device and channel (null day: the session row was not there yet).
CREATE TABLE funnel_session_marks (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  funnel_key text NOT NULL,
  configuration_id uuid NOT NULL,
  session_id text NOT NULL,
  times double precision[] NOT NULL,
  steps integer[] NOT NULL,
  received double precision[] NOT NULL,
  sources smallint[] NOT NULL,
  passed_at double precision[] NOT NULL,
  day date,
  device text,
  channel text,
  PRIMARY KEY (workspace_id, funnel_key, configuration_id, session_id)
);
-- The fast report's revenue read: a period's sessions that passed step 1.
CREATE INDEX funnel_session_marks_day_idx ON funnel_session_marks (workspace_id, funnel_key, day)
  WHERE cardinality(passed_at) > 0;
-- Sessions whose row had not arrived when they were folded: re-checked on every fold.
CREATE INDEX funnel_session_marks_orphan_idx ON funnel_session_marks (workspace_id, funnel_key) WHERE day IS NULL;

-- Per funnel, shop day, device ('' when unknown), channel and step: how many sessions passed that
-- step with that gap in ms from the previous step (0 at step 0). Counts by exact gap, so the
-- report's medians are the exact type-7 medians of the sessions' gaps.
CREATE TABLE funnel_step_days (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  funnel_key text NOT NULL,
  day date NOT NULL,
  device text NOT NULL,
  channel text NOT NULL,
  step smallint NOT NULL,
  gap_ms double precision NOT NULL,
  sessions integer NOT NULL,
  PRIMARY KEY (workspace_id, funnel_key, day, device, channel, step, gap_ms)
);

-- New pixel events by received time (the fold's watermark read); tracker events have their BRIN.
CREATE INDEX tracking_pixel_events_received_idx ON tracking_pixel_events (workspace_id, received_at);
