-- Imports under way. A row is committed before an import's transaction starts and removed once the
-- import has ended and its upkeep is done. A rolled-back import's rows stay in the table files until a
-- VACUUM; a row left here by a server that was killed mid-import tells the next start to run it.
CREATE TABLE imports_under_way (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  import text NOT NULL CHECK (import IN ('entries', 'products', 'judgements')),
  started_at timestamptz NOT NULL DEFAULT now()
);
