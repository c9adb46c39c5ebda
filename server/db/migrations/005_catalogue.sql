-- The product catalogue and its built-in full-text search.
--
-- The 'english' configuration, not 'simple': product queries and names differ in inflection
-- ("accent chairs" / "Accent Chair", "rugs" / "rug"), and its stemming makes them meet; its stop words
-- ("for", "with") would only add noise to the ranking. Queries must use the same configuration.

CREATE TABLE products (
  product_id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_url text,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Name (weight A) over description (weight B): ts_rank_cd counts an A match 1.0, a B match 0.4.
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, name), 'A') ||
    setweight(to_tsvector('english'::regconfig, description), 'B')
  ) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT products_product_id_check CHECK (product_id <> ''),
  CONSTRAINT products_attributes_check CHECK (jsonb_typeof(attributes) = 'object')
);
CREATE INDEX products_search_idx ON products USING gin (search_vector);
