-- Entries counted per block of 1,024 ids: a deep page of the entries list skipped half a
-- million index entries (60-100 ms at a million entries, twice that at two). Summing a list's blocks
-- newest first finds the block that holds a page's first row, and the page is read from there, skipping
-- fewer than 1,024 rows (server/db/entry-id-blocks.ts). Kept as 008 keeps row_counts: each writing
-- statement adds one delta row per block it changes, so concurrent writers never wait on a shared row,
-- and reading an owner's blocks folds them when there are many.
CREATE TABLE entry_id_blocks (
  -- 0 for all entries, else the dataset whose entries (mappings) are counted.
  owner_id bigint NOT NULL,
  -- id >> 10: the block of ids block * 1024 to block * 1024 + 1023.
  block bigint NOT NULL,
  -- At most 1,024 either way: integer sums stay off numeric arithmetic.
  n integer NOT NULL
);
CREATE INDEX entry_id_blocks_key_idx ON entry_id_blocks (owner_id, block);

CREATE FUNCTION count_entry_blocks_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'dataset_entries' THEN
    INSERT INTO entry_id_blocks (owner_id, block, n) SELECT 0, id >> 10, count(*) FROM changed GROUP BY id >> 10;
  ELSE
    INSERT INTO entry_id_blocks (owner_id, block, n)
    SELECT dataset_id, dataset_entry_id >> 10, count(*) FROM changed GROUP BY dataset_id, dataset_entry_id >> 10;
  END IF;
  RETURN NULL;
END $$;

-- Mappings deleted with their dataset (a cascade) count for nothing: the dataset's blocks go with it.
CREATE FUNCTION count_entry_blocks_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'dataset_entries' THEN
    INSERT INTO entry_id_blocks (owner_id, block, n) SELECT 0, id >> 10, -count(*) FROM changed GROUP BY id >> 10;
  ELSE
    INSERT INTO entry_id_blocks (owner_id, block, n)
    SELECT c.dataset_id, c.dataset_entry_id >> 10, -count(*) FROM changed c
    WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = c.dataset_id) GROUP BY c.dataset_id, c.dataset_entry_id >> 10;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION forget_dataset_entry_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM entry_id_blocks b USING changed c WHERE b.owner_id = c.id;
  RETURN NULL;
END $$;

CREATE TRIGGER dataset_entries_blocks_in AFTER INSERT ON dataset_entries
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_entry_blocks_inserted();
CREATE TRIGGER dataset_entries_blocks_out AFTER DELETE ON dataset_entries
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_entry_blocks_deleted();
CREATE TRIGGER dataset_entry_mappings_blocks_in AFTER INSERT ON dataset_entry_mappings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_entry_blocks_inserted();
CREATE TRIGGER dataset_entry_mappings_blocks_out AFTER DELETE ON dataset_entry_mappings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_entry_blocks_deleted();
CREATE TRIGGER datasets_blocks_forgotten AFTER DELETE ON datasets
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION forget_dataset_entry_blocks();
-- As 008's counts: the bulk upload copies mappings with session_replication_role = replica.
ALTER TABLE dataset_entries ENABLE ALWAYS TRIGGER dataset_entries_blocks_in;
ALTER TABLE dataset_entries ENABLE ALWAYS TRIGGER dataset_entries_blocks_out;
ALTER TABLE dataset_entry_mappings ENABLE ALWAYS TRIGGER dataset_entry_mappings_blocks_in;
ALTER TABLE dataset_entry_mappings ENABLE ALWAYS TRIGGER dataset_entry_mappings_blocks_out;

-- An id moved by an UPDATE would leave its block's counts wrong (008 already refuses a mapping's dataset_id).
CREATE TRIGGER dataset_entry_mappings_block_fixed BEFORE UPDATE OF dataset_entry_id ON dataset_entry_mappings
  FOR EACH ROW EXECUTE FUNCTION refuse_counted_key_update();
CREATE TRIGGER dataset_entries_block_fixed BEFORE UPDATE OF id ON dataset_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_counted_key_update();

-- The blocks of what is there already.
INSERT INTO entry_id_blocks (owner_id, block, n) SELECT 0, id >> 10, count(*) FROM dataset_entries GROUP BY id >> 10;
INSERT INTO entry_id_blocks (owner_id, block, n)
SELECT dataset_id, dataset_entry_id >> 10, count(*) FROM dataset_entry_mappings GROUP BY dataset_id, dataset_entry_id >> 10;
