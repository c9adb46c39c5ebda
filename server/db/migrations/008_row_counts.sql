-- Counts the lists need, kept in the transactions that change them: counting a million
-- rows per request made every page of a large list slow. Each writing statement adds one row per
-- count it changes (a delta, so concurrent writers never wait on a shared counter row); a count is
-- the sum of its rows, and reading a count with many rows folds them into one (server/db/row-counts.ts).
CREATE TABLE row_counts (
  -- 'entries' (all dataset entries), 'dataset' (entries of a dataset), 'judgements' (of a golden set), 'products'.
  counted text NOT NULL,
  -- The dataset or golden set counted; 0 for a whole table.
  owner_id bigint NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX row_counts_key_idx ON row_counts (counted, owner_id);

CREATE FUNCTION count_rows_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'dataset_entries' THEN
      INSERT INTO row_counts (counted, owner_id, n) SELECT 'entries', 0, count(*) FROM changed HAVING count(*) > 0;
    WHEN 'products' THEN
      INSERT INTO row_counts (counted, owner_id, n) SELECT 'products', 0, count(*) FROM changed HAVING count(*) > 0;
    WHEN 'dataset_entry_mappings' THEN
      INSERT INTO row_counts (counted, owner_id, n) SELECT 'dataset', dataset_id, count(*) FROM changed GROUP BY dataset_id;
    WHEN 'golden_set_judgements' THEN
      INSERT INTO row_counts (counted, owner_id, n) SELECT 'judgements', golden_set_id, count(*) FROM changed GROUP BY golden_set_id;
  END CASE;
  RETURN NULL;
END $$;

-- Rows deleted with their dataset or golden set (a cascade) count for nothing: the owner's counts go with it.
CREATE FUNCTION count_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'dataset_entries' THEN
      INSERT INTO row_counts (counted, owner_id, n) SELECT 'entries', 0, -count(*) FROM changed HAVING count(*) > 0;
    WHEN 'products' THEN
      INSERT INTO row_counts (counted, owner_id, n) SELECT 'products', 0, -count(*) FROM changed HAVING count(*) > 0;
    WHEN 'dataset_entry_mappings' THEN
      INSERT INTO row_counts (counted, owner_id, n)
      SELECT 'dataset', c.dataset_id, -count(*) FROM changed c
      WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = c.dataset_id) GROUP BY c.dataset_id;
    WHEN 'golden_set_judgements' THEN
      INSERT INTO row_counts (counted, owner_id, n)
      SELECT 'judgements', c.golden_set_id, -count(*) FROM changed c
      WHERE EXISTS (SELECT 1 FROM golden_sets g WHERE g.id = c.golden_set_id) GROUP BY c.golden_set_id;
  END CASE;
  RETURN NULL;
END $$;

CREATE FUNCTION forget_owner_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts r USING changed c
  WHERE r.counted = CASE TG_TABLE_NAME WHEN 'datasets' THEN 'dataset' ELSE 'judgements' END AND r.owner_id = c.id;
  RETURN NULL;
END $$;

CREATE TRIGGER dataset_entries_counted_in AFTER INSERT ON dataset_entries
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_rows_inserted();
CREATE TRIGGER dataset_entries_counted_out AFTER DELETE ON dataset_entries
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_rows_deleted();
CREATE TRIGGER products_counted_in AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_rows_inserted();
CREATE TRIGGER products_counted_out AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_rows_deleted();
CREATE TRIGGER dataset_entry_mappings_counted_in AFTER INSERT ON dataset_entry_mappings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_rows_inserted();
CREATE TRIGGER dataset_entry_mappings_counted_out AFTER DELETE ON dataset_entry_mappings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_rows_deleted();
CREATE TRIGGER golden_set_judgements_counted_in AFTER INSERT ON golden_set_judgements
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_rows_inserted();
CREATE TRIGGER golden_set_judgements_counted_out AFTER DELETE ON golden_set_judgements
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_rows_deleted();
CREATE TRIGGER datasets_counts_forgotten AFTER DELETE ON datasets
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forget_owner_counts();
CREATE TRIGGER golden_sets_counts_forgotten AFTER DELETE ON golden_sets
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forget_owner_counts();
-- The bulk upload copies mappings with session_replication_role = replica (skipping the per-row foreign
-- key checks it has made itself); the counts must follow even then.
ALTER TABLE dataset_entry_mappings ENABLE ALWAYS TRIGGER dataset_entry_mappings_counted_in;
ALTER TABLE dataset_entry_mappings ENABLE ALWAYS TRIGGER dataset_entry_mappings_counted_out;
ALTER TABLE dataset_entries ENABLE ALWAYS TRIGGER dataset_entries_counted_in;
ALTER TABLE dataset_entries ENABLE ALWAYS TRIGGER dataset_entries_counted_out;

-- A mapping, judgement's set or other counted key that an UPDATE moved would leave its counts wrong.
CREATE FUNCTION refuse_counted_key_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the counted key of % cannot change; delete and insert instead', TG_TABLE_NAME;
END $$;
CREATE TRIGGER dataset_entry_mappings_key_fixed BEFORE UPDATE OF dataset_id ON dataset_entry_mappings
  FOR EACH ROW EXECUTE FUNCTION refuse_counted_key_update();
CREATE TRIGGER golden_set_judgements_key_fixed BEFORE UPDATE OF golden_set_id ON golden_set_judgements
  FOR EACH ROW EXECUTE FUNCTION refuse_counted_key_update();

-- The counts of what is there already.
INSERT INTO row_counts (counted, owner_id, n) SELECT 'entries', 0, count(*) FROM dataset_entries;
INSERT INTO row_counts (counted, owner_id, n) SELECT 'products', 0, count(*) FROM products;
INSERT INTO row_counts (counted, owner_id, n) SELECT 'dataset', dataset_id, count(*) FROM dataset_entry_mappings GROUP BY dataset_id;
INSERT INTO row_counts (counted, owner_id, n) SELECT 'judgements', golden_set_id, count(*) FROM golden_set_judgements GROUP BY golden_set_id;

-- Entry search (`search=`) is a case-insensitive substring match: a trigram index serves it at any size.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX dataset_entries_input_trgm_idx ON dataset_entries USING gin (input gin_trgm_ops);

-- The list pages by id now (newest first); this index only slowed every insert.
DROP INDEX dataset_entries_newest_idx;

-- The catalogue lists products in byte order (COLLATE "C"), which the key's index (the database's
-- collation) cannot serve: without this, every page sorted the whole catalogue.
CREATE INDEX products_id_bytes_idx ON products (product_id COLLATE "C");
