import { keyAttributes } from '../../domain/catalogue/key-attributes';
import * as styles from './key-attributes.css';

/** A product's few key attributes as "key: value" pairs beside its description; nothing when it has none. */
export function KeyAttributes({ attributes, label }: { attributes: Record<string, unknown> | null | undefined; label: string }) {
  const pairs = keyAttributes(attributes);
  if (pairs.length === 0) return null;
  return (
    <dl className={styles.pairs} aria-label={label}>
      {pairs.map(({ key, value }) => (
        <div key={key} className={styles.pair}>
          <dt className={styles.key}>{key}:</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
