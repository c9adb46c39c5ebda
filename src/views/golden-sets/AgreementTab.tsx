import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { agreementTabMachine } from '../../machines/golden-sets/agreement-tab.machine';
import type { adjudicateMachine } from '../../machines/golden-sets/adjudicate.machine';
import {
  selectAdjudication,
  selectAgreement,
  selectAgreementError,
  selectAgreementView,
  selectOpenDisagreement,
  selectOpenPair,
} from '../../machines/golden-sets/agreement-tab.selectors';
import {
  selectAdjudicating,
  selectAdjudicationError,
  selectCanSaveAdjudication,
  selectPickedGrade,
} from '../../machines/golden-sets/adjudicate.selectors';
import {
  ALPHA_MEANING,
  KAPPA_MEANING,
  coefficientText,
  disagreementsText,
  gradesText,
  pairName,
  percentText,
  raterName,
  sameDisagreement,
  type AgreementPair,
  type Disagreement,
} from '../../domain/golden-sets/agreement-text';
import { gradesOf, gradeText } from '../../domain/golden-sets/grade-scale';
import { formatCount } from '../../domain/shared/format-count';
import type { Agreement, GradeScale } from '../../domain/judging/golden-set-judging-types';
import * as styles from './GoldenSetPage.css';
import { GatedButton } from '../ui/Gated';
import { button } from '../ui/button.css';
import { errorMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';

type TabRef = ActorRefFrom<typeof agreementTabMachine>;

// The Agreement tab: the raters, Krippendorff's α across them, every two raters' κ and exact agreement
// (each openable to its confusion matrix), each rater against the people's consensus, and the widest
// disagreements, each openable to adjudicate. The numbers are the server's; this only lays them out.
export function AgreementTab({ actor, scale }: { actor: TabRef; scale: GradeScale }) {
  const view = useSelector(actor, selectAgreementView);
  const agreement = useSelector(actor, selectAgreement);
  const error = useSelector(actor, selectAgreementError);
  if (view === 'hidden') return null;
  if (view === 'loading') return <StatusMessage>Loading...</StatusMessage>;
  if (view === 'failed' || agreement === null)
    return <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>Failed to fetch the agreement. {error}</LoadFailure>;
  if (view === 'empty') return <StatusMessage>No ratings yet: agreement needs two raters grading the same pairs.</StatusMessage>;
  return (
    <div>
      <Raters agreement={agreement} />
      {view === 'tooFew' ? (
        <StatusMessage>Too few ratings: no pair has grades from two raters yet, so there is nothing to compare.</StatusMessage>
      ) : (
        <>
          <section className={styles.section} aria-label="Across all raters">
            <h3 className={styles.sectionTitle}>Across all raters</h3>
            <p>
              Krippendorff's α (ordinal): <strong>{coefficientText(agreement.alpha_ordinal, 3)}</strong> over{' '}
              {formatCount(agreement.pairable)} pairable grades
            </p>
            <p className={styles.keysHint}>{ALPHA_MEANING}</p>
          </section>
          <RaterPairs actor={actor} agreement={agreement} scale={scale} />
          <VsConsensus agreement={agreement} />
          <Disagreements actor={actor} agreement={agreement} scale={scale} />
        </>
      )}
    </div>
  );
}

function Raters({ agreement }: { agreement: Agreement }) {
  return (
    <section className={styles.section} aria-label="Raters">
      <h3 className={styles.sectionTitle}>Raters</h3>
      <TableCard>
        <table className={table.table} aria-label="Raters">
          <TableHead columns={['Rater', 'Kind', 'Judgements']} />
          <tbody>
            {agreement.raters.map((rater) => (
              <tr key={rater.id}>
                <td className={table.cell}>{rater.name}</td>
                <td className={table.cell}>{rater.kind}</td>
                <td className={table.cell}>{formatCount(rater.judgements)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </section>
  );
}

function RaterPairs({ actor, agreement, scale }: { actor: TabRef; agreement: Agreement; scale: GradeScale }) {
  const open = useSelector(actor, selectOpenPair);
  const opened = agreement.pairs.find((pair) => pair.rater_a === open?.rater_a && pair.rater_b === open?.rater_b);
  return (
    <section className={styles.section} aria-label="Rater pairs">
      <h3 className={styles.sectionTitle}>Every two raters</h3>
      <p className={styles.keysHint}>Cohen's {KAPPA_MEANING} Exact agreement: the share of the shared pairs given the same grade.</p>
      <TableCard>
        <table className={table.table} aria-label="Rater pairs">
          <TableHead columns={['Raters', 'Shared pairs', 'κ (quadratic)', 'Exact agreement', 'Confusion']} />
          <tbody>
            {agreement.pairs.map((pair) => {
              const name = pairName(agreement.raters, pair);
              const isOpen = pair === opened;
              return (
                <tr key={`${pair.rater_a}-${pair.rater_b}`} aria-label={name}>
                  <td className={table.cell}>{name}</td>
                  <td className={table.cell}>{formatCount(pair.shared)}</td>
                  <td className={table.cell}>{coefficientText(pair.kappa_quadratic)}</td>
                  <td className={table.cell}>{pair.shared === 0 ? '—' : percentText(pair.exact_agreement)}</td>
                  <td className={table.cell}>
                    <button
                      type="button"
                      className={button({ tone: 'secondary', size: 'small' })}
                      aria-expanded={isOpen}
                      aria-label={`Confusion of ${name}`}
                      onClick={() =>
                        actor.send(
                          isOpen ? { type: 'user.closePair' } : { type: 'user.openPair', rater_a: pair.rater_a, rater_b: pair.rater_b },
                        )
                      }
                    >
                      {isOpen ? 'Close' : 'Open'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableCard>
      {opened && <Confusion agreement={agreement} pair={opened} scale={scale} />}
    </section>
  );
}

function Confusion({ agreement, pair, scale }: { agreement: Agreement; pair: AgreementPair; scale: GradeScale }) {
  const rows = raterName(agreement.raters, pair.rater_a);
  const columns = raterName(agreement.raters, pair.rater_b);
  const grades = gradesOf(scale);
  return (
    <TableCard>
      <table className={table.table} aria-label={`Confusion of ${rows} (rows) and ${columns} (columns)`}>
        <caption className={styles.muted}>
          {rows}'s grade (rows) against {columns}'s (columns): how many shared pairs got each two grades
        </caption>
        <thead>
          <tr>
            <th className={table.headCell} scope="col">
              {rows} \ {columns}
            </th>
            {grades.map((grade) => (
              <th key={grade} className={table.headCell} scope="col">
                {gradeText(scale, grade)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grades.map((row) => (
            <tr key={row}>
              <th className={table.headCell} scope="row">
                {gradeText(scale, row)}
              </th>
              {grades.map((column) => (
                <td key={column} className={table.cell}>
                  {formatCount(pair.confusion[row]?.[column] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}

function VsConsensus({ agreement }: { agreement: Agreement }) {
  return (
    <section className={styles.section} aria-label="Against the people's consensus">
      <h3 className={styles.sectionTitle}>Each rater against the people's consensus</h3>
      <p className={styles.keysHint}>The consensus is the lower median of the other people's grades of each pair.</p>
      <TableCard>
        <table className={table.table} aria-label="Against the people's consensus">
          <TableHead columns={['Rater', 'Shared pairs', 'κ (quadratic)']} />
          <tbody>
            {agreement.vs_consensus.map((row) => (
              <tr key={row.rater}>
                <td className={table.cell}>{raterName(agreement.raters, row.rater)}</td>
                <td className={table.cell}>{formatCount(row.shared)}</td>
                <td className={table.cell}>{coefficientText(row.kappa_quadratic)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableCard>
    </section>
  );
}

function Disagreements({ actor, agreement, scale }: { actor: TabRef; agreement: Agreement; scale: GradeScale }) {
  const open = useSelector(actor, selectOpenDisagreement);
  const adjudication = useSelector(actor, selectAdjudication);
  return (
    <section className={styles.section} aria-label="Disagreements">
      <h3 className={styles.sectionTitle}>Disagreements</h3>
      {agreement.disagreements_total === 0 ? (
        <StatusMessage>No disagreements: every pair rated twice or more got the same grade.</StatusMessage>
      ) : (
        <>
          <p className={styles.keysHint}>
            {disagreementsText(agreement)}. An adjudication is your grade of the pair, which the rule may prefer.
          </p>
          <TableCard>
            <table className={table.table} aria-label="Disagreements">
              <TableHead columns={['Query', 'Product', 'Ratings', 'Spread', 'Adjudicate']} />
              <tbody>
                {agreement.disagreements.map((disagreement) => (
                  <DisagreementRow
                    key={`${disagreement.query}\n${disagreement.product_id}`}
                    actor={actor}
                    agreement={agreement}
                    disagreement={disagreement}
                    scale={scale}
                    adjudication={sameDisagreement(disagreement, open) ? adjudication : undefined}
                  />
                ))}
              </tbody>
            </table>
          </TableCard>
        </>
      )}
    </section>
  );
}

type RowProps = {
  actor: TabRef;
  agreement: Agreement;
  disagreement: Disagreement;
  scale: GradeScale;
  adjudication: ActorRefFrom<typeof adjudicateMachine> | undefined;
};

function DisagreementRow({ actor, agreement, disagreement, scale, adjudication }: RowProps) {
  const label = `${disagreement.query} · ${disagreement.product_id}`;
  return (
    <>
      <tr aria-label={label}>
        <td className={table.cell}>{disagreement.query}</td>
        <td className={table.cell}>{disagreement.product_id}</td>
        <td className={table.cell}>
          <ul className={styles.ratings}>
            {gradesText(agreement.raters, disagreement, (grade) => gradeText(scale, grade)).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </td>
        <td className={table.cell}>{disagreement.spread}</td>
        <td className={table.cell}>
          {adjudication ? (
            <button
              type="button"
              className={button({ tone: 'secondary', size: 'small' })}
              aria-label={`Close adjudication of ${label}`}
              onClick={() => actor.send({ type: 'user.closeDisagreement' })}
            >
              Close
            </button>
          ) : (
            <GatedButton
              action="judgement.change"
              className={button({ tone: 'secondary', size: 'small' })}
              aria-label={`Adjudicate ${label}`}
              onClick={() => actor.send({ type: 'user.openDisagreement', query: disagreement.query, productId: disagreement.product_id })}
            >
              Adjudicate
            </GatedButton>
          )}
        </td>
      </tr>
      {adjudication && (
        <tr>
          <td className={table.cell} colSpan={5}>
            <AdjudicateForm actor={adjudication} label={label} scale={scale} />
          </td>
        </tr>
      )}
    </>
  );
}

function AdjudicateForm({ actor, label, scale }: { actor: ActorRefFrom<typeof adjudicateMachine>; label: string; scale: GradeScale }) {
  const grade = useSelector(actor, selectPickedGrade);
  const saving = useSelector(actor, selectAdjudicating);
  const error = useSelector(actor, selectAdjudicationError);
  const canSave = useSelector(actor, selectCanSaveAdjudication);
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.save' });
  };
  return (
    <form aria-label={`Adjudication of ${label}`} className={styles.form} onSubmit={save}>
      <fieldset className={styles.rules}>
        <legend>The grade this pair should have</legend>
        {gradesOf(scale).map((option) => (
          <label key={option} className={styles.rule}>
            <input
              type="radio"
              name="adjudication"
              checked={grade === option}
              onChange={() => actor.send({ type: 'user.pick', grade: option })}
            />
            {gradeText(scale, option)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className={button({ tone: 'primary', size: 'small' })} disabled={!canSave} aria-busy={saving}>
        {saving ? 'Saving...' : 'Save adjudication'}
      </button>
      {error && (
        <p className={errorMessage} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
