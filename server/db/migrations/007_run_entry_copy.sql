-- A run's entries are copied by its worker in short statements, not in the request that starts it: on
-- PGlite (one connection) copying 200,000 entries at once made every other request wait seconds. Set
-- while the copy is under way (the dataset it copies from); NULL once the run has all its entries, as
-- runs made before this version have.
ALTER TABLE experiment_runs ADD COLUMN copying_from_dataset_id bigint;
