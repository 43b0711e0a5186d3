-- The raw cursor events' insert without its per-commit joins (issue #43, decision 212).
-- Migration 0730's version joined the rows to three dictionaries sent beside them (each batch's
-- workspace and site, each distinct session id, each distinct page URL: decision 074) through
-- `unnest(…) WITH ORDINALITY`: three more function scans, three hash tables built and probed per
-- commit, most of a one-request commit's executor work besides the insert itself. The rows carry
-- the 1-based positions already, so each value is now read by subscript from its array (PL/pgSQL
-- hands the function's array arguments to the statement expanded: a subscript is a lookup, not a
-- walk). Same arguments, same rows, same lock and stamp as 0730; the parameters' bytes unchanged.
CREATE OR REPLACE FUNCTION tracking_insert_raw_events(
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
    SELECT bw[r.b], bc[r.b], sessions[r.s], r.t, pages[r.p], r.x, r.y, r.vw, r.vh, r.dw, r.dh, r.el, r.ox, r.oy,
      r.sd, timestamptz 'epoch' + r.ct * interval '1 millisecond', received, r.rf, r.vi, r.ck, r.eh, stamp
    FROM unnest(b, s, t, p, x, y, vw, vh, dw, dh, el, ox, oy, sd, ct, rf, vi, ck, eh)
      AS r(b, s, t, p, x, y, vw, vh, dw, dh, el, ox, oy, sd, ct, rf, vi, ck, eh);
END
$$;
