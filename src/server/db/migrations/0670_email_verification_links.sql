-- Issue #38: a password account proves its address through a mailed single-use link (purpose
-- 'verify'), kept like the reset links (SHA-256 of the token only, one hour, used once).
ALTER TABLE password_tokens DROP CONSTRAINT password_tokens_purpose_check;
ALTER TABLE password_tokens ADD CONSTRAINT password_tokens_purpose_check CHECK (purpose IN ('reset', 'verify'));
