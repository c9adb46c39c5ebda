import { useSelector } from '@xstate/react';
import { selectAddress, type ComparePageRef } from '../../machines/compare/compare-page.selectors';
import { DEFAULT_RBO_P, RBO_PERSISTENCES, type RunComparison } from '../../domain/compare/comparison-types';
import { formatOverlap, overlapMeasures, overlapText } from '../../domain/compare/compare-format';
import { overlapHistogram } from '../../domain/compare/overlap-histogram';
import * as backendStyles from '../experiments/BackendPages.css';
import * as styles from './CompareOverlap.css';
import * as pageStyles from './ComparePage.css';
import * as queryStyles from './CompareResultsTable.css';
import * as histogramStyles from './DeltaHistogram.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

const BOX = { width: 320, height: 140, left: 36, right: 12, top: 8, bottom: 24 };

// How alike the two runs' rankings are, judged or not: the four measures' means over every query both ranked, RBO's
// persistence p (a new address), and the spread of RBO ext (d3 lays it out in src/domain; React draws it), with the
// way to the queries whose rankings changed most.
export function CompareOverlap({ page, comparison }: { page: ComparePageRef; comparison: RunComparison }) {
  const address = useSelector(page, selectAddress);
  const { overlap } = comparison;
  const measures = overlapMeasures(overlap.k);
  const chart = overlapHistogram(overlap.rbo_ext_bins, BOX);
  return (
    <section className={styles.overlap} aria-labelledby="compare-overlap-title">
      <h2 id="compare-overlap-title" className={styles.title}>
        Ranking overlap
      </h2>
      <div className={styles.row}>
        <div>
          <TableCard label="Ranking overlap table">
            <table className={table.table} aria-labelledby="compare-overlap-title">
              <TableHead columns={measures.map(({ label }) => label)} />
              <tbody>
                <tr>
                  {measures.map(({ measure }) => (
                    <td key={measure} className={`${table.cell} ${styles.number}`}>
                      {formatOverlap(overlap.means[measure])}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </TableCard>
          <p className={styles.note}>{overlapText(overlap)}</p>
          <div className={styles.controls}>
            <label className={queryStyles.control}>
              RBO persistence
              <select
                className={backendStyles.select}
                value={String(address.rboP ?? DEFAULT_RBO_P)}
                onChange={(event) => page.send({ type: 'user.persistenceChosen', p: Number(event.target.value) })}
              >
                {RBO_PERSISTENCES.map((p) => (
                  <option key={p} value={String(p)}>
                    {`p = ${p}`}
                  </option>
                ))}
              </select>
            </label>
            {overlap.pairs > 0 && (
              <button
                type="button"
                className={pageStyles.listLink}
                onClick={() => page.send({ type: 'user.filterChosen', filter: 'ranked' })}
              >
                List the rankings that changed most
              </button>
            )}
          </div>
        </div>
        <figure className={histogramStyles.figure}>
          <figcaption className={histogramStyles.caption}>Queries by RBO ext (0: nothing shared, 1: alike)</figcaption>
          <svg className={styles.chart} viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={chart.description}>
            {chart.yTicks.map((tick) => (
              <g key={tick.label}>
                <line className={histogramStyles.grid} x1={BOX.left} x2={BOX.width - BOX.right} y1={tick.position} y2={tick.position} />
                <text className={histogramStyles.label} x={BOX.left - 6} y={tick.position + 4} textAnchor="end">
                  {tick.label}
                </text>
              </g>
            ))}
            {chart.bars.map((bar) => (
              <rect key={bar.x} className={styles.bar} x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
                <title>{bar.label}</title>
              </rect>
            ))}
            <line className={histogramStyles.axis} x1={BOX.left} x2={BOX.width - BOX.right} y1={chart.floorY} y2={chart.floorY} />
            {chart.xTicks.map((tick) => (
              <text key={tick.label} className={histogramStyles.label} x={tick.position} y={BOX.height - 6} textAnchor="middle">
                {tick.label}
              </text>
            ))}
          </svg>
        </figure>
      </div>
    </section>
  );
}
