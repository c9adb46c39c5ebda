// On /golden-sets/{id} the address holds the queries list's search and page and the query opened
// (`?search=sofa&page=2&query=red%20sofa`), so a judge can share or come back to exactly what they graded.

/** The query opened, from the address; null when none is. */
export function queryFromSearch(search: string): string | null {
  const query = new URLSearchParams(search).get('query');
  return query !== null && query.trim() !== '' ? query : null;
}

/** The address's query string with the query opened (or none), every other parameter kept. */
export function withOpenQuery(search: string, query: string | null): string {
  const params = new URLSearchParams(search);
  if (query === null) params.delete('query');
  else params.set('query', query);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
