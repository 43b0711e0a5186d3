-- Profit impact of an opportunity (issue #13, decision 026): contribution before marketing over
-- the same next 30 days as the revenue impact, in the shop currency's major units. Null when the
-- store's contribution is unknown. loses_money: the proposed action would lose money (it is then
-- listed with a warning and ranked low); profit_note says why in a sentence.
ALTER TABLE opportunities
  ADD COLUMN profit_impact_min double precision,
  ADD COLUMN profit_impact_max double precision,
  ADD COLUMN loses_money boolean NOT NULL DEFAULT false,
  ADD COLUMN profit_note text;
