import type { Aggregate } from '../../../server/schemas/golden-sets';
import type { Rater } from '../../../server/schemas/judging';
import type { RaterSelection, RunJudges } from '../../../server/schemas/run-judges';

// Whose ratings a run was scored with (its judges), said in words, and the choice Rescore offers of them.

export type { Aggregate, Rater, RunJudges };

/** Who grades a rescore: everyone, one kind of rater, or raters picked by name. */
export type RaterChoice = 'all' | 'person' | 'model' | 'clicks' | 'pick';

/** The rescore's choice: whose ratings, which picked raters, and a rule ('set': the golden set's own). */
export type JudgesChoice = { raters: RaterChoice; picked: number[]; aggregate: Aggregate | 'set' };

export const DEFAULT_CHOICE: JudgesChoice = { raters: 'all', picked: [], aggregate: 'set' };

export const RATER_CHOICES: ReadonlyArray<{ value: RaterChoice; label: string }> = [
  { value: 'all', label: 'All raters' },
  { value: 'person', label: 'Humans only' },
  { value: 'model', label: 'The model judges only' },
  { value: 'clicks', label: 'Clicks only' },
  { value: 'pick', label: 'Pick raters' },
];

const RULE_LABELS: Record<Aggregate, string> = {
  single: 'the single rating',
  mean: 'the mean',
  median: 'the median',
  majority: 'the majority',
  pessimistic: 'the pessimistic rule',
};

export const RULE_CHOICES: ReadonlyArray<{ value: Aggregate | 'set'; label: string }> = [
  { value: 'set', label: "The golden set's rule" },
  ...(Object.keys(RULE_LABELS) as Aggregate[]).map((value) => ({ value, label: RULE_LABELS[value] })),
];

const KIND_LABELS: Record<string, string> = { person: 'humans', model: 'the model judges', clicks: 'clicks', import: 'uploads' };

/** The choice can be sent: picking raters needs at least one. */
export const choiceReady = (choice: JudgesChoice) => choice.raters !== 'pick' || choice.picked.length > 0;

/** What POST experiment-runs/{id}/rescore takes: whose ratings and which rule (left out: every rater, the set's rule). */
export type RescoreBody = { raters?: RaterSelection; aggregate?: Aggregate };

/** The body for the choice; empty for every rater by the set's rule. */
export function rescoreBody(choice: JudgesChoice): RescoreBody {
  const raters: RaterSelection | undefined =
    choice.raters === 'all' ? undefined : choice.raters === 'pick' ? { rater_ids: choice.picked } : { kinds: [choice.raters] };
  return { ...(raters ? { raters } : {}), ...(choice.aggregate === 'set' ? {} : { aggregate: choice.aggregate }) };
}

/** "all raters, by the mean", "humans only, by the median", "raters Ann and Bob, by …"; said when adjudications did not decide. */
export function judgesLabel(judges: RunJudges): string {
  const rule = `${ratersLabel(judges.raters, judges.rater_names)}, by ${RULE_LABELS[judges.aggregate] ?? judges.aggregate}`;
  return judges.prefer_adjudication === false ? `${rule}, adjudications not preferred` : rule;
}

function ratersLabel(raters: RaterSelection, names: string[] | undefined): string {
  if (raters === 'all') return 'all raters';
  if ('kinds' in raters) return `${listed(raters.kinds.map((kind) => KIND_LABELS[kind] ?? kind))} only`;
  // Runs scored before names were kept have ids only.
  const named = names && names.length === raters.rater_ids.length ? names : raters.rater_ids.map(String);
  return `${raters.rater_ids.length === 1 ? 'rater' : 'raters'} ${listed(named)}`;
}

const listed = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0]);
