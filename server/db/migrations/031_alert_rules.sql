-- Alerts on an experiment's scheduled runs: a gate rule checked against a baseline when a run succeeds, and
-- a webhook told when it regresses (or, with on_failure, when the run failed).
CREATE TABLE alert_rules (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  -- The gate's rule language: metric:max_drop[:alpha], comma-separated.
  rule text NOT NULL,
  -- As given: {env:ALERT_WEBHOOK_…} placeholders are filled in when a delivery is sent.
  webhook_url text NOT NULL,
  on_failure boolean NOT NULL DEFAULT false,
  -- A run id or latest:TAG; null for the previous scheduled run.
  baseline text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_rules_experiment_idx ON alert_rules (experiment_id, id);

-- Every delivery, sent or not, so a webhook that failed is seen on the console.
CREATE TABLE alert_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alert_id bigint NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  run_id bigint REFERENCES experiment_runs (id) ON DELETE SET NULL,
  kind text NOT NULL CONSTRAINT alert_deliveries_kind_check CHECK (kind IN ('regression', 'run_failed')),
  -- skipped: nothing was sent, and error says why (no baseline to compare with).
  status text NOT NULL DEFAULT 'pending'
    CONSTRAINT alert_deliveries_status_check CHECK (status IN ('pending', 'delivered', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  response_code integer,
  error text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- One delivery per alert and run, whichever worker ended it.
  CONSTRAINT alert_deliveries_once UNIQUE (alert_id, run_id)
);
CREATE INDEX alert_deliveries_newest_idx ON alert_deliveries (alert_id, id DESC);
