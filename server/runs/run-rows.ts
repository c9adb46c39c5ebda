/** How runs are read for the API: the fields every run has, plus the progress and error of runs made here. */
export const RUN_COLUMNS = `id, experiment_id, number, evaluation_script_name, tags, status, total_cost, demo, created_at, updated_at,
  json_build_object('done', progress_done, 'total', progress_total) AS progress, error, judges`;
