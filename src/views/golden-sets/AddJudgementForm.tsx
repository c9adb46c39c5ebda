import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addJudgementMachine } from '../../machines/golden-sets/add-judgement.machine';
import {
  selectAddGrade,
  selectCanAddById,
  selectCatalogueError,
  selectCatalogueResults,
  selectFoundNothing,
  selectIsSearching,
  selectProductId,
} from '../../machines/golden-sets/add-judgement.selectors';
import { gradesOf, gradeText } from '../../domain/golden-sets/grade-scale';
import type { GradeScale } from '../../domain/judging/golden-set-judging-types';
import { Thumbnail } from '../ui/Thumbnail';
import * as styles from './GoldenSetPage.css';
import { button } from '../ui/button.css';
import { errorMessage, statusMessage } from '../ui/status.css';

// Add a product to the query opened, with the grade chosen here — by its id, or picked from the
// catalogue's built-in search.
export function AddJudgementForm({ actor, scale }: { actor: ActorRefFrom<typeof addJudgementMachine>; scale: GradeScale }) {
  const productId = useSelector(actor, selectProductId);
  const grade = useSelector(actor, selectAddGrade);
  const canAdd = useSelector(actor, selectCanAddById);
  const searching = useSelector(actor, selectIsSearching);
  const results = useSelector(actor, selectCatalogueResults);
  const error = useSelector(actor, selectCatalogueError);
  const foundNothing = useSelector(actor, selectFoundNothing);

  const addById = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.addById' });
  };
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'user.search', text: String(new FormData(event.currentTarget).get('catalogue') ?? '') });
  };

  return (
    <div aria-label="Add a product" role="group">
      <form className={styles.form} onSubmit={addById}>
        <label className={styles.field}>
          Product id
          <input
            className={styles.input}
            value={productId}
            onChange={(event) => actor.send({ type: 'user.productIdChanged', text: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          Grade to add
          <select
            className={styles.input}
            value={grade}
            onChange={(event) => actor.send({ type: 'user.gradeChanged', grade: Number(event.target.value) })}
          >
            {gradesOf(scale).map((option) => (
              <option key={option} value={option}>
                {gradeText(scale, option)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={button({ tone: 'primary', size: 'small' })} disabled={!canAdd}>
          Add product
        </button>
      </form>
      <form role="search" aria-label="Search the catalogue" className={styles.form} onSubmit={search}>
        <label className={styles.field}>
          Search the catalogue
          <input type="search" name="catalogue" className={styles.input} />
        </label>
        <button type="submit" className={button({ tone: 'secondary', size: 'small' })}>
          Search
        </button>
      </form>
      {searching && (
        <p className={statusMessage} role="status">
          Searching...
        </p>
      )}
      {error && (
        <p className={errorMessage} role="alert">
          Failed to search the catalogue. {error}
        </p>
      )}
      {foundNothing && <p className={statusMessage}>No products found.</p>}
      {results.length > 0 && (
        <ul className={styles.found} aria-label="Catalogue results">
          {results.map((product) => (
            <li key={product.product_id} className={styles.foundItem}>
              <Thumbnail url={product.image_url} className={styles.thumbnail} />
              <span>
                {product.name} <span className={styles.muted}>{product.product_id}</span>
              </span>
              <button
                type="button"
                className={button({ tone: 'secondary', size: 'small' })}
                aria-label={`Add ${product.product_id} as ${gradeText(scale, grade)}`}
                onClick={() => actor.send({ type: 'user.pick', product })}
              >
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
