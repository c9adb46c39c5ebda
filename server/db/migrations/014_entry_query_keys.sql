-- Each entry's query key (server/evaluation/query-key.ts), stored so a golden set's coverage of a dataset
-- is counted in SQL rather than by reading every entry into the server. The server computes it
-- in JS whenever it writes an input: SQL's lower() and regular expressions follow other Unicode rules, so
-- rows stored before this version start NULL and migrate() fills them (server/db/entry-query-keys.ts).
ALTER TABLE dataset_entries ADD COLUMN query_key text;
-- Coverage joins a dataset's mappings to their entries by id and reads only the key: an index-only scan.
CREATE INDEX dataset_entries_query_key_idx ON dataset_entries (id) INCLUDE (query_key);
-- The rows still to fill, found at once when there are none (every start, every coverage request).
CREATE INDEX dataset_entries_unkeyed_idx ON dataset_entries (id) WHERE query_key IS NULL;
