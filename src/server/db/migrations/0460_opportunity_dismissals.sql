-- Owners dismiss or snooze an opportunity (issue #36 item 5): status 'dismissed' with the time the
-- list shows it again (null: until restored), and when any status last changed, so the list's
-- version (features/analytics/read-analytics.ts) moves on dismiss and restore as it does on Implement.
ALTER TABLE opportunities
  ADD COLUMN snoozed_until timestamptz,
  ADD COLUMN dismissed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN status_changed_at timestamptz;
