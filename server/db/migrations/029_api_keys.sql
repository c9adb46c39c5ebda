-- API keys: long-lived bearer secrets for scripts and CI. Only a hash of each secret is kept; the prefix
-- (shown in lists, stored in the clear) finds the row, the hash proves the rest.

CREATE TABLE api_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  prefix text NOT NULL CONSTRAINT api_keys_prefix_key UNIQUE,
  -- Hex sha256 of the whole key: the secret is random and long, so a slow password hash would add nothing.
  secret_hash text NOT NULL,
  name text NOT NULL CONSTRAINT api_keys_name_check CHECK (name <> ''),
  role text NOT NULL CONSTRAINT api_keys_role_check CHECK (role IN ('viewer', 'curator', 'admin')),
  -- An admin's key for a service, which outlives the person who made it; otherwise a person's own key.
  service boolean NOT NULL DEFAULT false,
  -- Who made it: the token's subject and name. The embedded provider's account too, so that a personal key
  -- stops with its account, and a later account of the same name does not inherit it.
  owner_sub text NOT NULL,
  owner_name text NOT NULL,
  owner_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);
-- The lists, newest first: everyone's for an admin, one's own otherwise.
CREATE INDEX api_keys_live_idx ON api_keys (id DESC) WHERE revoked_at IS NULL;
CREATE INDEX api_keys_owner_idx ON api_keys (owner_sub, id DESC) WHERE revoked_at IS NULL;
