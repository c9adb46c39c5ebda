/** The experiment form's select choices from what the server offers. Pure. */
import type { Choice, FormOptions } from './workbench-types';

export type SelectChoice = { value: string; label: string };

const choicesOf = (items: Choice[], none: string): SelectChoice[] => [
  { value: '', label: none },
  ...items.map((item) => ({ value: String(item.id), label: item.name })),
];

/** Datasets whose name holds the filter text (any case), the chosen one always kept. */
export function datasetChoices(options: FormOptions, filter: string, chosen: string): SelectChoice[] {
  const text = filter.trim().toLowerCase();
  const shown = options.datasets.filter(
    (dataset) => text === '' || dataset.name.toLowerCase().includes(text) || String(dataset.id) === chosen,
  );
  return choicesOf(shown, text === '' ? 'Choose a dataset' : `${shown.length} matching`);
}

/** Scripts this server cannot run are marked in the list itself, before anyone picks one and saves. */
export const scriptChoices = (options: FormOptions) =>
  choicesOf(
    options.scripts.map((script) => (script.runsHere ? script : { ...script, name: `${script.name} (not run by this server)` })),
    'Choose a script',
  );
export const goldenSetChoices = (options: FormOptions) => choicesOf(options.goldenSets, 'Choose a golden set');

/** A chosen script this server cannot run: the form says so. */
export function scriptRunsElsewhere(options: FormOptions, scriptId: string): boolean {
  const script = options.scripts.find((candidate) => String(candidate.id) === scriptId);
  return script !== undefined && !script.runsHere;
}

export const GAIN_CHOICES: SelectChoice[] = [
  { value: 'linear', label: 'Linear (the grade)' },
  { value: 'exponential', label: 'Exponential (2^grade − 1)' },
];
export const METHOD_CHOICES: SelectChoice[] = [
  { value: 'GET', label: 'GET' },
  { value: 'POST', label: 'POST' },
];
export const TARGET_CHOICES: SelectChoice[] = [
  { value: 'builtin', label: 'Built-in catalogue search' },
  { value: 'http', label: 'HTTP search service' },
];
