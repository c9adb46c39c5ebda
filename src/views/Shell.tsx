import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import * as styles from './Shell.css';
import { TopBar } from './TopBar';

// Spec §2 shell: a fixed 16rem sidebar with the product title and six entries (the current one
// highlighted), the top bar with the user menu, and the main area.
export const navigation = [
  { label: 'Dashboard', href: '/' },
  { label: 'Datasets', href: '/datasets' },
  { label: 'Dataset Entries', href: '/dataset-entries' },
  { label: 'Golden Sets', href: '/golden-sets' },
  { label: 'Experiments', href: '/experiments' },
  { label: 'Evaluation Scripts', href: '/evaluation-scripts' },
] as const;

/** The entry a path belongs to: its own list, or the list its detail screen hangs under. */
export function currentEntry(path: string): string | undefined {
  if (path === '/') return '/';
  return navigation.find(({ href }) => href !== '/' && (path === href || path.startsWith(`${href}/`)))?.href;
}

export function Shell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const current = currentEntry(path);
  return (
    <div className={styles.shell}>
      <nav className={styles.sidebar} aria-label="Main">
        {/* The product title is the shell's level-1 heading; each screen adds its own. */}
        <h1 className={styles.productTitle}>Search Evaluation Console</h1>
        <ul className={styles.navList}>
          {navigation.map(({ label, href }) => (
            <li key={href}>
              <Link href={href} className={styles.navLink} aria-current={current === href ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TopBar />
      <main className={styles.main}>{children}</main>
    </div>
  );
}
