import * as styles from './TopBar.css';
import { UserMenu } from './UserMenu';

// The shell's top bar; the shell (Shell.tsx) puts the sidebar beside it.
export function TopBar() {
  return (
    <header className={styles.bar}>
      <UserMenu />
    </header>
  );
}
