import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectChecklistShown, selectChecklistSteps } from '../../machines/dashboard/getting-started.selectors';
import { useLogic } from '../shell/logic-context';
import { button } from '../ui/button.css';
import * as styles from './GettingStarted.css';

// The dashboard's "Get started" checklist: each step with its tick and a link to where it is done. A screen
// reader hears each link's state in its name ("Add test queries, done"); the tick itself is decoration.
export function GettingStarted() {
  const logic = useLogic();
  const checklist = useActorRef(logic.gettingStarted);
  const shown = useSelector(checklist, selectChecklistShown);
  const steps = useSelector(checklist, selectChecklistSteps);
  if (!shown) return null;
  const done = steps.filter((step) => step.done).length;

  return (
    <section className={styles.panel} aria-labelledby="getting-started-title">
      <div className={styles.header}>
        <h2 id="getting-started-title" className={styles.title}>
          Get started ({done} of {steps.length} done)
        </h2>
        <button
          type="button"
          className={button({ tone: 'secondary', size: 'small' })}
          onClick={() => checklist.send({ type: 'user.dismiss' })}
        >
          Dismiss
        </button>
      </div>
      <ol className={styles.steps} aria-label="Get started">
        {steps.map((step) => (
          <li key={step.key} className={styles.step} data-done={step.done}>
            <span className={styles.tick} aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            <Link href={step.href} aria-label={step.name}>
              {step.label}
            </Link>
            <span className={styles.hint}>{step.hint}</span>
          </li>
        ))}
      </ol>
      <p className={styles.hint}>Dismissing hides this checklist in this browser only; it also goes once every step is done.</p>
    </section>
  );
}
