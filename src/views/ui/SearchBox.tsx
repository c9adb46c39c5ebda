import type { FormEvent } from 'react';
import { button } from './button.css';
import * as styles from './filter-bar.css';

// A list's search, applied on Enter or 'Search' (one request, one history entry, not one per key). Keyed by the
// applied text, so Back and Forward show the address's search again.
export function SearchBox(props: { label: string; value: string; onSearch(text: string): void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSearch(String(new FormData(event.currentTarget).get('search') ?? ''));
  };
  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <input
        key={props.value}
        type="search"
        name="search"
        className={styles.searchControl}
        aria-label={props.label}
        placeholder={`${props.label}...`}
        defaultValue={props.value}
      />
      <button type="submit" className={button({ tone: 'secondary' })}>
        Search
      </button>
    </form>
  );
}
