import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link, useSearch } from 'wouter';
import { goldenSetPageInput } from '../../machines/golden-sets/golden-set-page.machine';
import {
  selectClickGrades,
  selectGoldenSet,
  selectHistory,
  selectJudgements,
  selectMissing,
  selectNotFound,
  selectOpenQuery,
  selectQueries,
  selectScale,
  selectScaleEditor,
} from '../../machines/golden-sets/golden-set-page.selectors';
import type { resourceMachine } from '../../machines/shared/resource.machine';
import { selectData, selectResourceView } from '../../machines/shared/resource.selectors';
import type { scaleEditorMachine } from '../../machines/golden-sets/scale-editor.machine';
import { formatCount } from '../../domain/shared/format-count';
import { formatDateTime } from '../../domain/shared/format-date';
import { gradeDistribution, gradeText } from '../../domain/golden-sets/grade-scale';
import type { GoldenSet } from '../../domain/experiments/evaluation-backend-types';
import { GoldenSetHistory } from './GoldenSetHistory';
import * as styles from './GoldenSetPage.css';
import { GoldenSetQueries } from './GoldenSetQueries';
import { useLogic } from '../shell/logic-context';
import { QueryJudgements } from './QueryJudgements';
import { ScaleEditor } from './ScaleEditor';
import { ClickGrades } from './ClickGradesDialog';
import { GatedButton, GatedLink } from '../ui/Gated';
import { setQueuePath } from '../../domain/judging/queue-scope';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';
import { DemoBadge } from '../ui/DemoBadge';

const selectSet = selectData<GoldenSet>;

// /golden-sets/{id}: the golden set opened — its facts, grades and scale on top; its queries beside the
// query opened (graded from the keyboard); the history of every change below. A role that may not change
// golden sets sees Edit scale refused with the reason, and the judgements read-only.
export function GoldenSetPage({ id }: { id: number | null }) {
  const logic = useLogic();
  const search = useSearch();
  const page = useActorRef(logic.goldenSetPage, { input: goldenSetPageInput(id, search) });
  const notFound = useSelector(page, selectNotFound);
  const missing = useSelector(page, selectMissing);
  const goldenSet = useSelector(page, selectGoldenSet);
  const queries = useSelector(page, selectQueries);
  const history = useSelector(page, selectHistory);
  const scaleEditor = useSelector(page, selectScaleEditor);
  const clickGrades = useSelector(page, selectClickGrades);
  const scale = useSelector(page, selectScale);
  const openQuery = useSelector(page, selectOpenQuery);
  const judgements = useSelector(page, selectJudgements);
  const set = useSelector(goldenSet, selectSet);

  return (
    <div className={pageStyles.page}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
        <Link href="/golden-sets">Golden Sets</Link>
        {set && <span aria-hidden="true"> › </span>}
        {set && <span aria-current="page">{set.name}</span>}
      </nav>
      <div className={pageStyles.header}>
        <div className={pageStyles.titleRow}>
          <h1 className={pageStyles.title}>{set?.name ?? 'Golden Set'}</h1>
          <DemoBadge demo={set?.demo} />
        </div>
        {set && (
          <GatedLink action="judgement.change" href={setQueuePath(set.id)} className={button({ tone: 'secondary' })}>
            Judge
          </GatedLink>
        )}
      </div>
      {notFound || missing ? (
        <p className={errorMessage} role="alert">
          {notFound ? 'Invalid golden set ID' : 'Golden set not found'}
        </p>
      ) : (
        <>
          <GoldenSetHeader actor={goldenSet} scaleEditor={scaleEditor} />
          {set && <ClickGrades actor={clickGrades} scale={set.scale} />}
          <ScaleEditor actor={scaleEditor} />
          <div className={styles.columns}>
            <GoldenSetQueries
              list={queries}
              scale={scale}
              openQuery={openQuery}
              onOpen={(query) => page.send({ type: 'user.openQuery', query })}
            />
            {judgements && <QueryJudgements key={openQuery} actor={judgements} onClose={() => page.send({ type: 'user.closeQuery' })} />}
          </div>
          <GoldenSetHistory list={history} scale={scale} />
        </>
      )}
    </div>
  );
}

function GoldenSetHeader(props: { actor: ActorRefFrom<typeof resourceMachine>; scaleEditor: ActorRefFrom<typeof scaleEditorMachine> }) {
  const view = useSelector(props.actor, selectResourceView);
  const set = useSelector(props.actor, selectSet);
  if (view === 'loading') return <StatusMessage>Loading...</StatusMessage>;
  if (view === 'failed' || !set)
    return <LoadFailure onRetry={() => props.actor.send({ type: 'user.retry' })}>Failed to fetch the golden set.</LoadFailure>;
  return (
    <dl className={styles.facts} aria-label="Golden set">
      <div>
        <dt className={styles.term}>Market</dt>
        <dd className={styles.definition}>{set.market || '—'}</dd>
      </div>
      <div>
        <dt className={styles.term}>Queries</dt>
        <dd className={styles.definition}>{formatCount(set.query_count)}</dd>
      </div>
      <div>
        <dt className={styles.term}>Judgements</dt>
        <dd className={styles.definition}>{formatCount(set.judgement_count)}</dd>
      </div>
      <div>
        <dt className={styles.term}>Grades</dt>
        <dd className={styles.definition}>
          <ul className={styles.distribution} aria-label="Grade distribution">
            {gradeDistribution(set.scale, set.grade_counts).map(({ grade, count }) => (
              <li key={grade}>
                {gradeText(set.scale, grade)}: {formatCount(count)}
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div>
        <dt className={styles.term}>Scale</dt>
        <dd className={styles.definition}>
          0–{set.scale.max_grade}{' '}
          <GatedButton
            action="golden_set.change"
            className={button({ tone: 'secondary', size: 'small' })}
            onClick={() => props.scaleEditor.send({ type: 'user.open', scale: set.scale })}
          >
            Edit scale
          </GatedButton>
        </dd>
      </div>
      <div>
        <dt className={styles.term}>Last change</dt>
        <dd className={styles.definition}>
          {set.changed_at ? `${formatDateTime(set.changed_at)} (version ${set.version})` : 'None since upload'}
        </dd>
      </div>
    </dl>
  );
}
