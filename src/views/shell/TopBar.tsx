import * as styles from './TopBar.css';
import { UserMenu } from './UserMenu';

// The shell's top bar (spec §2); issue 4's shell puts the sidebar beside it.
export function TopBar() {
  return (
    <header className={styles.bar}>
      <UserMenu />
    </header>
  );
}
