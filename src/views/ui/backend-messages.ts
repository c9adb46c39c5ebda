// What the evaluation-backend screens say, word for word as the product specification gives them (note the
// trailing space of one).

export const messages = {
  experimentsOrScripts: 'Failed to fetch experiments or script details. Error: ',
  experimentsWithError: 'Failed to fetch experiments. Error: ',
  experiments: 'Failed to fetch experiments.',
  scripts: 'Failed to fetch evaluation scripts.',
  scriptDetails: 'Failed to fetch evaluation script details. ',
  runs: 'Failed to fetch experiment runs.',
  runResults: 'Failed to fetch experiment run results.',
  // Not among the specified messages: the run's mean metrics above its results.
  runSummary: 'Failed to fetch the run summary.',
  noExperiments: 'No experiments found.',
  noScripts: 'No scripts found.',
  noRuns: 'No experiment runs found.',
  noRunResults: 'No experiment run results found.',
  noRunResultsData: 'No results data available for this experiment run.',
  noMatchingRunResults: 'No results match these filters.',
  noRunResultDetails: 'No run result details found. Please go back and try again.',
  invalidExperimentId: 'Invalid experiment ID',
  invalidRunId: 'Invalid experiment run ID',
  invalidScriptId: 'Invalid evaluation script ID',
  noScriptId: 'No script ID provided.',
  // Not among the specified messages: a well-formed id the server has no record of.
  experimentNotFound: 'Experiment not found',
  runNotFound: 'Experiment run not found',
  scriptNotFound: 'Evaluation script not found',
} as const;
