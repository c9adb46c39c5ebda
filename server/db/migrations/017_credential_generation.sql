-- Which password an account is on, counted: every change or reset adds one. Access tokens of the embedded
-- provider carry the generation they were issued under, and one from an older generation is refused at
-- once instead of living out its 10 minutes. Tokens issued before this column existed count as 0.
ALTER TABLE accounts ADD COLUMN credential_generation integer NOT NULL DEFAULT 0;
