import { Type, type Static } from 'typebox';
import { MAX_PAGE, MAX_PAGE_SIZE, MAX_RUN_TAG_LENGTH, MAX_RUN_TAGS } from './limits';
import { TotalCountHeader } from './paging';
import { HttpTargetSchema } from './run-config';
import { RunJudgesSchema } from './run-judges';
import { DemoFlagSchema, IdSchema, Nullable, RecordOf, TimestampSchema } from './shared';

const RunProgressSchema = Type.Object(
  { done: Type.Integer(), total: Type.Integer() },
  { description: 'Results stored of the entries the run evaluates (0 of 0 for runs made elsewhere)' },
);
export type RunProgress = Static<typeof RunProgressSchema>;

export const RunNumberSchema = Type.Integer({
  minimum: 1,
  description: "The run's number within its experiment (1, 2, …), in the order its runs were started; runs made elsewhere may have none",
});

const runProperties = {
  id: IdSchema,
  evaluation_script_name: Type.String(),
  tags: Type.Array(Type.String()),
  /** pending, running, success, failed or cancelled (runs made elsewhere may say something else). */
  status: Type.String(),
  total_cost: Type.Number(),
  demo: DemoFlagSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** The run's experiment; null for an evaluation's run (rankings made elsewhere). */
  experiment_id: Type.Optional(Nullable(IdSchema)),
  number: Type.Optional(RunNumberSchema),
  progress: Type.Optional(RunProgressSchema),
  error: Type.Optional(Nullable(Type.String({ description: 'Why a run failed, or how many of its searches failed' }))),
  judges: Type.Optional(Nullable(RunJudgesSchema)),
};

/** An experiment run as the API answers it, plus the progress and failure of runs made here. */
export const RunSchema = Type.Object(runProperties);
export type ExperimentRun = Static<typeof RunSchema>;

/**
 * No defaults: the product specification's runs list holds all of an experiment's runs, so only a page or
 * page_size asks for one page.
 */
export const RunsPageQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  },
  { additionalProperties: false },
);

export const RunSummarySchema = Type.Object(
  {
    results: Type.Integer(),
    passed: Type.Integer(),
    failed: Type.Integer(),
    /** Results whose query the golden set does not judge (no metrics). */
    unjudged: Type.Integer(),
    errors: Type.Integer(),
    counted: Type.Integer({ description: 'The queries the means are taken over: PASS and FAIL results, each query once' }),
    repeated: Type.Integer({
      description: 'PASS and FAIL results left out of the means because an earlier entry of the run has the same query',
    }),
    mean_metrics: RecordOf(Type.Number()),
  },
  {
    description:
      "Counts of the run's results by status, and each metric's mean over the counted queries: a query is counted once however many entries ask it, and only when the golden set judges it above 0. results.qrels and results.trec hold exactly these queries.",
  },
);
export type RunSummary = Static<typeof RunSummarySchema>;

const RunConfigField = Type.Optional(
  Type.Unsafe<Record<string, unknown> | null>({
    type: ['object', 'null'],
    additionalProperties: true,
    description: "The experiment's configuration when the run started; null for runs made elsewhere",
  }),
);

/**
 * An experiment's runs, all of them unless a page is asked for, each with the summary of its results and the
 * configuration it ran with (the runs table tells runs apart by it).
 */
export const RunsSchema = Type.Array(Type.Object({ ...runProperties, summary: Type.Optional(RunSummarySchema), config: RunConfigField }), {
  headers: TotalCountHeader,
});

/** One run with the summary of its results, its experiment's name or its evaluation, and the configuration it ran with. */
export const RunDetailsSchema = Type.Object({
  ...runProperties,
  summary: Type.Optional(RunSummarySchema),
  experiment_name: Type.Optional(Type.String({ description: "The run's experiment's name (runs made elsewhere may have none)" })),
  config: RunConfigField,
  golden_set_id: Type.Optional(Nullable(IdSchema)),
  golden_set_version: Type.Optional(Nullable(Type.Integer({ description: "The golden set's version the run was scored against" }))),
  golden_set_changed: Type.Optional(Type.Boolean({ description: 'The golden set has changed since the run was scored: rescore it' })),
  rescore_of: Type.Optional(Nullable(IdSchema)),
  // Always sent by this server; optional in the type so that answers of servers from before it still fit.
  evaluation: Type.Optional(
    Nullable(
      Type.Object(
        { id: IdSchema, name: Type.String() },
        { description: 'The evaluation whose uploaded rankings the run scores; null for an experiment’s run' },
      ),
    ),
  ),
});
export type ExperimentRunDetails = Static<typeof RunDetailsSchema>;

/**
 * Fields of an http search target that replace the experiment's for one run (a CI job's build of the service,
 * its own URL): merged over the experiment's http target, or a whole http target when the experiment searches
 * the built-in catalogue.
 */
const SearchTargetOverrideSchema = Type.Partial(HttpTargetSchema, {
  additionalProperties: false,
  minProperties: 1,
  description:
    "For this run only: fields of an http search target merged over the experiment's (a whole one when it searches the built-in catalogue); checked like a saved target, and kept in the run's config",
});
export type SearchTargetOverride = Static<typeof SearchTargetOverrideSchema>;

export const StartRunSchema = Type.Unsafe<{ tags?: string[]; search_target?: SearchTargetOverride } | null>({
  type: ['object', 'null'],
  properties: {
    tags: Type.Array(Type.String({ minLength: 1, maxLength: MAX_RUN_TAG_LENGTH }), { maxItems: MAX_RUN_TAGS }),
    search_target: SearchTargetOverrideSchema,
  },
  additionalProperties: false,
});

export const RunParamsSchema = Type.Object({ runId: IdSchema });

/** Seconds a GET of one run may wait for it to end: under the minute after which proxies commonly give up. */
const MAX_RUN_WAIT_SECONDS = 60;

export const RunWaitQuerySchema = Type.Object(
  {
    wait: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: MAX_RUN_WAIT_SECONDS,
        description: `Wait up to this many seconds (at most ${MAX_RUN_WAIT_SECONDS}) for the run to end before answering it; it may still be pending or running when the time is up`,
      }),
    ),
  },
  { additionalProperties: false },
);
export const ExperimentIdParamsSchema = Type.Object({ experimentId: IdSchema });
