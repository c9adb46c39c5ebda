-- Each run's number within its experiment (#1, #2, …): the global id says nothing about which of an
-- experiment's runs it is. The experiment keeps how many numbers it has given, so a deleted run's number is
-- never given again. A trigger gives the next one on every insert (a start, a rescore, the demo seeder):
-- its UPDATE locks the experiment's row until the inserting transaction ends, so two runs started at once
-- take turns and never share a number. That lock does not conflict with the key-share lock a start holds.
ALTER TABLE experiments ADD COLUMN runs_numbered integer NOT NULL DEFAULT 0;
ALTER TABLE experiment_runs ADD COLUMN number integer;

-- Runs made before: numbered in the order they were created, per experiment.
UPDATE experiment_runs r SET number = n.number
FROM (SELECT id, row_number() OVER (PARTITION BY experiment_id ORDER BY created_at, id) AS number FROM experiment_runs) n
WHERE r.id = n.id;
UPDATE experiments e SET runs_numbered = n.last
FROM (SELECT experiment_id, max(number) AS last FROM experiment_runs GROUP BY experiment_id) n
WHERE e.id = n.experiment_id;

ALTER TABLE experiment_runs ALTER COLUMN number SET NOT NULL;
CREATE UNIQUE INDEX experiment_runs_number_key ON experiment_runs (experiment_id, number);

CREATE FUNCTION number_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE experiments SET runs_numbered = runs_numbered + 1 WHERE id = NEW.experiment_id
  RETURNING runs_numbered INTO NEW.number;
  RETURN NEW;
END $$;

CREATE TRIGGER experiment_runs_numbered BEFORE INSERT ON experiment_runs FOR EACH ROW EXECUTE FUNCTION number_run();
