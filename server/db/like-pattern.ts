/** An ILIKE pattern that finds `search` anywhere: `%`, `_` and `\` in it are text to find, not LIKE's wildcards. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
