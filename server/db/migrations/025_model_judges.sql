-- A language model that grades products for a query, reached over an OpenAI-compatible chat-completions API.
CREATE TABLE model_judges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CONSTRAINT model_judges_name_key UNIQUE,
  -- The API's /v1 root: requests go to {base_url}/chat/completions.
  base_url text NOT NULL,
  model text NOT NULL,
  -- Sent as "Authorization: Bearer …"; {env:MODEL_JUDGE_…} placeholders are filled in at call time, so a
  -- key can live in the environment rather than here. Null: no Authorization header (a local model).
  api_key text,
  temperature numeric(4, 3) NOT NULL,
  seed integer,
  -- Defaults are the server's (model-judge-records.ts), written out in full on creation.
  prompt_template text NOT NULL,
  guidelines text NOT NULL DEFAULT '',
  product_fields text[] NOT NULL,
  products_per_call integer NOT NULL,
  concurrency integer NOT NULL,
  requests_per_minute integer NOT NULL,
  price_per_1k_input numeric(14, 6) NOT NULL,
  price_per_1k_output numeric(14, 6) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT model_judges_temperature_check CHECK (temperature BETWEEN 0 AND 2),
  CONSTRAINT model_judges_products_per_call_check CHECK (products_per_call BETWEEN 1 AND 20),
  CONSTRAINT model_judges_concurrency_check CHECK (concurrency BETWEEN 1 AND 16),
  CONSTRAINT model_judges_requests_per_minute_check CHECK (requests_per_minute BETWEEN 1 AND 10000),
  CONSTRAINT model_judges_prices_check CHECK (price_per_1k_input >= 0 AND price_per_1k_output >= 0)
);
