-- An evaluation's upload is an import too: its rankings and queries are cleaned up after it as the others are.
ALTER TABLE imports_under_way DROP CONSTRAINT imports_under_way_import_check;
ALTER TABLE imports_under_way ADD CONSTRAINT imports_under_way_import_check CHECK (import IN ('entries', 'products', 'judgements', 'rankings'));
