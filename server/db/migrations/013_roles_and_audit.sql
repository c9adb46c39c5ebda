-- Roles, accounts and an audit trail.

-- Every local account has a role. Accounts made before roles keep what they could do: the first one (the
-- server's own `admin`) administers, the others curate.
ALTER TABLE accounts ADD COLUMN role text NOT NULL DEFAULT 'viewer'
  CONSTRAINT accounts_role_check CHECK (role IN ('viewer', 'curator', 'admin'));
UPDATE accounts SET role = CASE WHEN id = (SELECT min(id) FROM accounts) THEN 'admin' ELSE 'curator' END;

-- Who changed what, written in the same transaction as the change: a change rolled back leaves no row.
CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_sub text NOT NULL,
  actor_name text NOT NULL,
  -- "<kind>.<verb>": dataset.create, golden_set.delete, judgement.set, run.start, account.role, ...
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  summary text NOT NULL DEFAULT ''
);
-- Newest first (id order), alone or under each filter, a page found without reading the rest.
CREATE INDEX audit_events_at_idx ON audit_events (at);
CREATE INDEX audit_events_actor_idx ON audit_events (actor_sub, id DESC);
CREATE INDEX audit_events_action_idx ON audit_events (action, id DESC);
CREATE INDEX audit_events_target_idx ON audit_events (target_type, target_id, id DESC);

-- Failed sign-ins per key ("user:<address>|<name>", "addr:<address>") in a fixed window, shared by every
-- server on the database so that they enforce one limit.
CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL
);
