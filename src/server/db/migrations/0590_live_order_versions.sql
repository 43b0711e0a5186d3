-- Live orders move the P&L (issue #36: the Today card's net sales are /api/profit's for today).
-- The daily rollup's version is a digest of the sync cursors and the owner's settings; orders and
-- refunds applied from Shopify webhooks between syncs changed neither, so /api/profit kept the
-- rollup built before them. Each applied order or refund webhook counts here, and the count is
-- part of the rollup's version, so the next report rebuilds it. A counter (not a "built" reset)
-- so a rebuild racing a webhook can never record the new state as built from the old rows.
CREATE TABLE live_order_versions (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  changed_at timestamptz NOT NULL
);
