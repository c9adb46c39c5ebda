// Each route names itself in the tab and the history list; React 19 hoists <title> into <head>.
const CONSOLE_NAME = 'Search Evaluation Console';

export function DocumentTitle({ page }: { page: string }) {
  return <title>{`${page} · ${CONSOLE_NAME}`}</title>;
}
