import type { Experiment } from './evaluation-backend-types';

/** An experiment as the tables show it: with its script's name. */
export type ExperimentRow = Experiment & { evaluation_script_name: string };

// The experiments page fetches each distinct script once to show script names. One cache per
// page load; a failed fetch is forgotten so that a retry asks again.

export type ScriptNameCache = {
  /** The names of the given scripts, each fetched at most once (concurrent askers share the call). */
  namesOf(scriptIds: readonly number[]): Promise<Map<number, string>>;
};

export function createScriptNameCache(fetchScript: (scriptId: number) => Promise<{ name: string }>): ScriptNameCache {
  const known = new Map<number, Promise<string>>();

  const nameOf = (scriptId: number): Promise<string> => {
    let name = known.get(scriptId);
    if (!name) {
      name = fetchScript(scriptId).then((script) => script.name);
      known.set(scriptId, name);
      name.catch(() => known.delete(scriptId));
    }
    return name;
  };

  return {
    async namesOf(scriptIds) {
      const distinct = [...new Set(scriptIds)];
      const names = await Promise.all(distinct.map(nameOf));
      return new Map(distinct.map((id, index) => [id, names[index]]));
    },
  };
}

/** Each experiment with the name of its script. */
export function withScriptNames<Row extends { evaluation_script_id: number }>(
  rows: readonly Row[],
  names: ReadonlyMap<number, string>,
): Array<Row & { evaluation_script_name: string }> {
  return rows.map((row) => ({ ...row, evaluation_script_name: names.get(row.evaluation_script_id) ?? String(row.evaluation_script_id) }));
}
