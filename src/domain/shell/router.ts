// The address bar as the console's machines use it: wouter's browser location in the app, a memory
// location in tests.

export type Router = {
  /** Goes to `path` as a new history entry. */
  navigate(path: string): void;
  /** Replaces the current entry: the console correcting its own address. */
  replace(path: string): void;
  /** Back to the console's page before, or to `fallback` when the console was opened at this page. */
  back(fallback: string): void;
  /** The current path, without the query. */
  path(): string;
  /** The current query, `?` included (or empty). */
  search(): string;
  /**
   * Calls `onChange` when the address moves to another entry: Back, Forward, a link, `navigate`. Not on
   * `replace`. Returns the unsubscribe.
   */
  subscribe(onChange: () => void): () => void;
};
