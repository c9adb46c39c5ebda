-- A model judge grading a golden set's pairs in the background: the pairs fixed when the job starts, its
-- progress and totals, what each model grade was asked with, and every call that gave no grade.

CREATE TABLE judge_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Null once the judge is deleted: the job and its grades stay, the name says whose they were.
  judge_id bigint REFERENCES model_judges (id) ON DELETE SET NULL,
  judge_name text NOT NULL,
  golden_set_id bigint NOT NULL REFERENCES golden_sets (id) ON DELETE CASCADE,
  run_id bigint REFERENCES experiment_runs (id) ON DELETE SET NULL,
  scope text NOT NULL CONSTRAINT judge_jobs_scope_check CHECK (scope IN ('unjudged', 'all')),
  status text NOT NULL DEFAULT 'queued'
    CONSTRAINT judge_jobs_status_check CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  -- Pairs handled (graded or failed) of total.
  done integer NOT NULL DEFAULT 0,
  total integer NOT NULL,
  failed integer NOT NULL DEFAULT 0,
  tokens_in bigint NOT NULL DEFAULT 0,
  tokens_out bigint NOT NULL DEFAULT 0,
  cost numeric(16, 6) NOT NULL DEFAULT 0,
  -- { pairs, prompt_tokens, cost } as shown before the job started.
  estimate jsonb NOT NULL,
  -- Why the job stopped, when it failed.
  error text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX judge_jobs_active_idx ON judge_jobs (id) WHERE status IN ('queued', 'running');

-- The job's pairs in the order they are asked (a query's products together, so several fit one call).
CREATE TABLE judge_job_pairs (
  job_id bigint NOT NULL REFERENCES judge_jobs (id) ON DELETE CASCADE,
  position integer NOT NULL,
  query text NOT NULL,
  query_key text NOT NULL,
  product_id text NOT NULL,
  done boolean NOT NULL DEFAULT false,
  PRIMARY KEY (job_id, position)
);
CREATE INDEX judge_job_pairs_pending_idx ON judge_job_pairs (job_id, position) WHERE NOT done;

CREATE TABLE judge_job_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES judge_jobs (id) ON DELETE CASCADE,
  query text NOT NULL,
  product_id text NOT NULL,
  error text NOT NULL,
  -- What the model or service answered; null when nothing came back (a timeout).
  raw_answer text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX judge_job_failures_job_idx ON judge_job_failures (job_id, id);

-- How a model's rating was asked for, kept beside the rating and gone with it.
CREATE TABLE model_judgements (
  golden_set_id bigint NOT NULL,
  query_key text NOT NULL,
  product_id text NOT NULL,
  rater_id bigint NOT NULL,
  job_id bigint REFERENCES judge_jobs (id) ON DELETE SET NULL,
  model text NOT NULL,
  prompt_template_sha256 text NOT NULL,
  temperature numeric(4, 3) NOT NULL,
  seed integer,
  -- Of the call that gave the grade (null when the service did not count), which graded products_in_call products.
  tokens_in integer,
  tokens_out integer,
  cost numeric(16, 6),
  products_in_call integer NOT NULL DEFAULT 1,
  latency_ms integer NOT NULL,
  explanation text NOT NULL,
  judged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (golden_set_id, query_key, product_id, rater_id),
  FOREIGN KEY (golden_set_id, query_key, product_id, rater_id)
    REFERENCES golden_set_ratings (golden_set_id, query_key, product_id, rater_id) ON DELETE CASCADE
);
