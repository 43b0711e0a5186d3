-- Exchange rates for the All-stores views (issue #17 item 1, decision 067).
--
-- The European Central Bank's daily reference rates: units of `currency` for one euro on
-- `rate_date` (a TARGET business day; none on weekends and TARGET holidays). One row per day and
-- currency, the same for every team: the fetcher job upserts what the feed publishes.
CREATE TABLE ecb_rates (
  rate_date date NOT NULL CHECK (rate_date BETWEEN DATE '2000-01-01' AND DATE '2100-12-31'),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$' AND currency <> 'EUR'),
  rate numeric(20, 10) NOT NULL CHECK (rate > 0),
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (currency, rate_date)
);

-- Rates an owner or admin entered by hand while the feed was unreachable, in the same shape
-- (units of `currency` per euro on `rate_date`), for their team only: one team's entry never
-- changes another team's sums.
CREATE TABLE manual_exchange_rates (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  rate_date date NOT NULL CHECK (rate_date BETWEEN DATE '2000-01-01' AND DATE '2100-12-31'),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$' AND currency <> 'EUR'),
  rate numeric(20, 10) NOT NULL CHECK (rate > 0),
  entered_by uuid REFERENCES users (id) ON DELETE SET NULL,
  entered_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, currency, rate_date)
);

-- The fetcher's last attempt and its outcome (one row: the feed is global), shown on the page so
-- an owner knows when to enter a rate by hand.
CREATE TABLE exchange_rate_fetches (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  attempted_at timestamptz NOT NULL,
  succeeded_at timestamptz,
  error text,
  latest_rate_date date
);
