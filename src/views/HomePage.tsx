import * as styles from './HomePage.css';

// Stand-in for the screens of later issues (dashboard, datasets, entries, …).
export function HomePage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Search Evaluation Console</h1>
      <p className={styles.lead}>The console's screens arrive in later work.</p>
    </main>
  );
}
