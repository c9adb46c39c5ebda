-- An experiment's schedule: a five-field cron expression in UTC. A run is made at each of its ticks while it
-- is enabled, and one at start for the latest tick missed while no server was up.
CREATE TABLE experiment_schedules (
  experiment_id bigint PRIMARY KEY REFERENCES experiments (id) ON DELETE CASCADE,
  cron text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- Ticks before this are not run: saving a schedule never makes a run for a tick that passed before it was saved.
  active_since timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per tick that made (or tried to make) a run. Its key is what makes a tick run once however many
-- servers tick at the same moment; it also tells which runs were scheduled (an alert's baseline is the previous one).
CREATE TABLE schedule_ticks (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  tick_at timestamptz NOT NULL,
  run_id bigint REFERENCES experiment_runs (id) ON DELETE SET NULL,
  -- Why no run was made (the experiment could not run then).
  error text,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (experiment_id, tick_at)
);
CREATE INDEX schedule_ticks_run_idx ON schedule_ticks (run_id);
