import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { cataloguePageInput } from '../../machines/catalogue/catalogue-page.machine';
import {
  selectDemoData,
  selectGoldenSetOptions,
  selectImportProducts,
  selectIsGraded,
  selectIsSearched,
  selectList,
  selectNeedsSearchForGrades,
} from '../../machines/catalogue/catalogue-page.selectors';
import { PAGE_SIZE } from '../../machines/shared/paged-list.machine';
import { selectFilterValue } from '../../machines/shared/paged-list.selectors';
import { selectData } from '../../machines/shared/resource.selectors';
import { selectDemoProductsNote } from '../../machines/shared/demo-products.selectors';
import {
  formatScore,
  gradeText,
  isUnjudged,
  productColumns,
  productPath,
  productTotal,
  searchRank,
} from '../../domain/catalogue/catalogue';
import type { GoldenSet, Product } from '../../domain/experiments/evaluation-backend-types';
import * as styles from './CataloguePage.css';
import { ImportProductsDialog } from './ImportProductsDialog';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { button, linkButton } from '../ui/button.css';
import { GatedButton } from '../ui/Gated';
import * as filterBar from '../ui/filter-bar.css';
import * as pageStyles from '../ui/page.css';
import { SearchBox } from '../ui/SearchBox';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { Thumbnail } from '../ui/Thumbnail';
import { DemoBadge } from '../ui/DemoBadge';

const selectSearch = selectFilterValue('search');
const selectGoldenSet = selectFilterValue('golden_set');

// /catalogue: what the built-in target returns. The products (or a search's ranking, with scores and
// the grades a chosen golden set gives), their total and pages, all in the address; 'Import products'
// (refused, with the reason, to a role that may not import).
export function CataloguePage() {
  const logic = useLogic();
  const search = useSearch();
  const page = useActorRef(logic.cataloguePage, { input: cataloguePageInput(search) });
  const list = useSelector(page, selectList);
  const importProducts = useSelector(page, selectImportProducts);
  const searchText = useSelector(list, selectSearch);
  const goldenSet = useSelector(list, selectGoldenSet);
  const searched = useSelector(list, selectIsSearched);
  const graded = useSelector(list, selectIsGraded);
  const needsSearch = useSelector(list, selectNeedsSearchForGrades);
  const demoNote = useSelector(useSelector(page, selectDemoData), selectDemoProductsNote);
  const goldenSets = useSelector(useSelector(page, selectGoldenSetOptions), selectData<Array<Pick<GoldenSet, 'id' | 'name'>>>) ?? [];

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Catalogue</h1>
        <GatedButton
          action="catalogue.import"
          className={button({ tone: 'primary' })}
          onClick={() => importProducts.send({ type: 'user.open' })}
        >
          Import products
        </GatedButton>
      </div>

      <div className={filterBar.bar}>
        <SearchBox
          label="Search products"
          value={searchText}
          onSearch={(text) => list.send({ type: 'user.filterChanged', name: 'search', value: text })}
        />
        <select
          className={filterBar.control}
          aria-label="Golden set"
          value={goldenSet}
          onChange={(event) => list.send({ type: 'user.filterChanged', name: 'golden_set', value: event.target.value })}
        >
          <option value="">No golden set</option>
          {goldenSets.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      {needsSearch && <p className={styles.hint}>Search to see the grades the golden set gives.</p>}

      <PagedListFrame<Product>
        list={list}
        failure={(error) => `Failed to fetch products. ${error ?? ''}`}
        empty={(n) => (searched ? 'No products match the search.' : n === 1 ? 'No products yet.' : 'No products on this page.')}
        counted={productTotal}
      >
        {(products, n) => (
          <TableCard>
            <table className={table.table} aria-label="Products">
              <TableHead columns={productColumns({ searched, graded })} />
              <tbody>
                {products.map((product, index) => (
                  <tr key={product.product_id}>
                    {searched && <td className={`${table.cell} ${styles.number}`}>{searchRank(n, PAGE_SIZE, index)}</td>}
                    <td className={`${table.cell} ${styles.breakable}`}>
                      <Link href={productPath(product.product_id)} className={linkButton}>
                        {product.product_id}
                      </Link>
                      <DemoBadge demo={product.demo} />
                    </td>
                    <td className={table.cell}>
                      <Thumbnail url={product.image_url} className={styles.thumbnail} />
                    </td>
                    <td className={table.cell}>{product.name}</td>
                    {searched && <td className={`${table.cell} ${styles.number}`}>{formatScore(product.score)}</td>}
                    {graded && (
                      <td className={`${table.cell} ${styles.number} ${isUnjudged(product.grade) ? styles.muted : ''}`}>
                        {gradeText(product.grade)}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>

      <ImportProductsDialog actor={importProducts} demoNote={demoNote} />
    </div>
  );
}
