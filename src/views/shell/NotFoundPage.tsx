import { Link, useLocation } from 'wouter';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';

// An address the console has no screen for: say so plainly and offer the way back.
export function NotFoundPage() {
  const [path] = useLocation();
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Page not found</h1>
      <p className={pageStyles.lead}>There is no page at {path}. Check the address, or start again from the dashboard.</p>
      <p>
        <Link href="/" className={button({ tone: 'secondary' })}>
          Go to the Dashboard
        </Link>
      </p>
    </div>
  );
}
