-- Heatmaps that know revenue (issue 16 item 4, decision 052). Whether a session converts is only
-- known after its order is synced and joined, long after its events were rolled up, so the
-- filters by conversion and RFM segment cannot be columns of the heatmap tiles. Instead each
-- session's part of a page is kept here, one row per (page, UTC day received, viewport bucket,
-- session), written by the same group-committed statement as the other rollups:
--   * the heatmap cells the session added (the converted heatmap sums the rows of the few
--     converting sessions; the non-converted one is the page's tiles minus that sum);
--   * the deepest scroll and the largest viewport height (the scroll map and its fold line);
--   * the session's clicks with time, position and element (rage clicks, revenue per element).
CREATE TABLE tracking_session_pages (
  workspace_id uuid NOT NULL,
  configuration_id uuid NOT NULL REFERENCES tracking_configurations (id) ON DELETE CASCADE,
  page_url text NOT NULL,
  day date NOT NULL,
  viewport_bucket text NOT NULL,
  session_id text NOT NULL,
  -- Largest viewport height (CSS px) seen on the page: the fold of this view.
  viewport_height integer NOT NULL,
  -- Deepest point seen, in percent of the document height (bottom of the viewport).
  scroll_depth smallint NOT NULL,
  -- 8 bytes a part, appended per commit (an index may repeat; parts are summed on read):
  -- uint32 type code << 24 | (row × 100 + column), uint32 count, big-endian.
  cells bytea NOT NULL,
  -- [[client ms, x, y, selector or null, dead], …] of the session's clicks on the page (dead = 1 for the
  -- tracker's dead_click events, else 0), appended per commit.
  clicks jsonb NOT NULL,
  PRIMARY KEY (configuration_id, page_url, day, viewport_bucket, session_id)
) WITH (fillfactor = 80);
-- The converted filter and revenue per element start from a few sessions and look up their pages.
CREATE INDEX tracking_session_pages_session_idx ON tracking_session_pages (configuration_id, session_id);

