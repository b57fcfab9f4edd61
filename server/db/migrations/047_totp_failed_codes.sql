-- Two-factor codes counted on their own (docs/security.md "Holds per account"): wrong codes in a row since the last
-- right one. Every TOTP_FAILURES_IN_A_ROW of them void the account's open challenges (a fresh password step) and tell
-- its owner.
ALTER TABLE account_totp ADD COLUMN IF NOT EXISTS failed_codes integer NOT NULL DEFAULT 0;
