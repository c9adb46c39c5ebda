import * as styles from './RunTags.css';

// A run's tags as a list of chips named for the run (the runs table and the compare page); nothing without tags.
export function RunTags({ tags, label }: { tags: readonly string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={`Tags of ${label}`}>
      {tags.map((tag) => (
        <li key={tag} className={styles.tag}>
          {tag}
        </li>
      ))}
    </ul>
  );
}
