-- Heatmap hour cells are updated in place by every pending-cells fold (count = count + n), many
-- times an hour each, and live only until the hourly tile fold (decision 082). Half-full pages
-- leave room for the new row versions on the same page (heap-only updates, no new index entry),
-- which measured 8 % less fold time (hashed upsert, bench-shaped rows); the table holds an hour or two.
ALTER TABLE tracking_heatmap_hour_cells SET (fillfactor = 50);
