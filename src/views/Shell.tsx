import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { currentEntry, navigation } from '../domain/navigation';
import * as styles from './Shell.css';
import { TopBar } from './TopBar';

// Spec §2 shell: a fixed 16rem sidebar with the product title and its entries (the current one
// highlighted, nested screens under their section), the top bar with the user menu, and the main area.
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
