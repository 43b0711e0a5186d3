-- A commit group's raw cursor events written by one PL/pgSQL function (issue #43, decision 176).
-- The request path sent a 24-parameter INSERT … SELECT FROM unnest(…) JOIN unnest(…) that
-- PostgreSQL parsed and planned afresh on every commit: ~0.5 ms of its CPU a commit, a third of a
-- one-request commit's cost and the largest part of the distance to a raw COPY at small groups.
-- PL/pgSQL keeps its statements' plans for the session (a generic plan once it is no dearer), so a
-- commit now parses and plans only the one-line call. One function for both ingestion modes: with
-- `lock_key` given (raw-first, decision 125) it takes that advisory lock shared, then reads the
-- database clock as the rows' `ingested_at`, the lock held to the commit; with `lock_key` NULL
-- (rollups in the request) it takes no lock and leaves `ingested_at` NULL. The columns and their
-- order are decision 074's; a new column of tracking_events that ingestion writes needs a new
-- version of this function (CREATE OR REPLACE in a later migration).
CREATE FUNCTION tracking_insert_raw_events(
  lock_key bigint, received timestamptz,
  b int[], s int[], t text[], p int[], x int[], y int[], vw int[], vh int[], dw int[], dh int[], el text[],
  ox int[], oy int[], sd smallint[], ct bigint[], rf text[], vi text[], ck text[], eh text[],
  bw uuid[], bc uuid[], sessions text[], pages text[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  stamp timestamptz;
BEGIN
  IF lock_key IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock_shared(lock_key);
    stamp := clock_timestamp();
  END IF;
  INSERT INTO tracking_events (workspace_id, configuration_id, session_id, event_type, page_url, x, y,
      viewport_width, viewport_height, document_width, document_height, element_selector, offset_x, offset_y,
      scroll_depth, client_time, received_at, referrer, visitor_id, cart_token, email_hash, ingested_at)
    SELECT batch.w, batch.c, session.v, r.t, page.v, r.x, r.y, r.vw, r.vh, r.dw, r.dh, r.el, r.ox, r.oy, r.sd,
      timestamptz 'epoch' + r.ct * interval '1 millisecond', received, r.rf, r.vi, r.ck, r.eh, stamp
    FROM unnest(b, s, t, p, x, y, vw, vh, dw, dh, el, ox, oy, sd, ct, rf, vi, ck, eh)
      AS r(b, s, t, p, x, y, vw, vh, dw, dh, el, ox, oy, sd, ct, rf, vi, ck, eh)
    JOIN unnest(bw, bc) WITH ORDINALITY AS batch(w, c, k) ON batch.k = r.b
    JOIN unnest(sessions) WITH ORDINALITY AS session(v, k) ON session.k = r.s
    JOIN unnest(pages) WITH ORDINALITY AS page(v, k) ON page.k = r.p;
END
$$;
