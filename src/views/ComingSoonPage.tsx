import * as pageStyles from './ui/page.css';

// Placeholder for the screens another piece of work wires in (golden sets, evaluations, experiments, ...).
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>{title}</h1>
      <p className={pageStyles.lead}>Coming soon.</p>
    </div>
  );
}
