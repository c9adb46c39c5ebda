import { useSelector } from '@xstate/react';
import { selectFilterValue, selectIsFiltered } from '../../machines/shared/paged-list.selectors';
import { counted } from '../../domain/shared/format-count';
import { byGradeText } from '../../domain/golden-sets/grade-scale';
import type { GoldenSetQuery, GradeScale } from '../../domain/judging/golden-set-judging-types';
import * as styles from './GoldenSetPage.css';
import { PagedListFrame, type PagedListRef } from '../ui/PagedListFrame';
import * as table from '../ui/table.css';
import { SearchBox } from '../ui/SearchBox';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

const selectSearch = selectFilterValue('search');

// The golden set's queries, searched and paged (both in the address), each with its judgements by
// grade; a query's name opens its judgements.
export function GoldenSetQueries(props: { list: PagedListRef; scale: GradeScale; openQuery: string | null; onOpen(query: string): void }) {
  const { list, scale, openQuery } = props;
  const search = useSelector(list, selectSearch);
  const filtered = useSelector(list, selectIsFiltered);
  return (
    <section className={styles.section} aria-labelledby="golden-set-queries">
      <h2 id="golden-set-queries" className={styles.sectionTitle}>
        Queries
      </h2>
      <SearchBox
        label="Search queries"
        value={search}
        onSearch={(text) => list.send({ type: 'user.filterChanged', name: 'search', value: text })}
      />
      <PagedListFrame<GoldenSetQuery>
        list={list}
        failure={(error) => `Failed to fetch the queries. ${error ?? ''}`}
        empty={(page) => (filtered ? 'No queries match this search.' : page === 1 ? 'No queries yet.' : 'No queries on this page.')}
        counted={(total) => counted(total, 'query', 'queries')}
      >
        {(queries) => (
          <TableCard>
            <table className={table.table} aria-label="Queries">
              <TableHead columns={['Query and grades', 'Judgements']} />
              <tbody>
                {queries.map((row) => (
                  <tr key={row.query}>
                    <td className={table.cell}>
                      <button
                        type="button"
                        className={styles.queryButton}
                        aria-current={row.query === openQuery}
                        onClick={() => props.onOpen(row.query)}
                      >
                        {row.query}
                      </button>
                      <div className={styles.muted}>{byGradeText(scale, row.by_grade)}</div>
                    </td>
                    <td className={table.cell}>{row.judgements}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
    </section>
  );
}
