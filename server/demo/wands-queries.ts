import { readFileSync } from 'node:fs';

export interface WandsQuery {
  id: number;
  query: string;
  queryClass: string;
}

/** The 480 WANDS queries (MIT licence, see wands/README.md) shipped beside this file. */
export function readWandsQueries(): WandsQuery[] {
  const text = readFileSync(new URL('./wands/queries.tsv', import.meta.url), 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [id, query, queryClass] = line.split('\t');
      return { id: Number(id), query: query.trim(), queryClass: (queryClass ?? '').trim() };
    });
}
