import { can, type Action, type Role } from './roles';

// The shell's sidebar: its entries (the spec's six, the Catalogue and Evaluations for everyone, Model Judges for curators, API keys for everyone, Accounts and Audit only for admins), and which entry a screen belongs to.

type NavigationEntry = { label: string; href: string; needs?: Action };

export const navigation: readonly NavigationEntry[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Datasets', href: '/datasets' },
  { label: 'Dataset Entries', href: '/dataset-entries' },
  { label: 'Golden Sets', href: '/golden-sets' },
  { label: 'Catalogue', href: '/catalogue' },
  { label: 'Experiments', href: '/experiments' },
  { label: 'Evaluations', href: '/evaluations' },
  { label: 'Evaluation Scripts', href: '/evaluation-scripts' },
  { label: 'Model Judges', href: '/model-judges', needs: 'model_judge.change' },
  { label: 'API keys', href: '/api-keys', needs: 'api_key.own' },
  { label: 'Accounts', href: '/accounts', needs: 'account.manage' },
  { label: 'Audit', href: '/audit', needs: 'audit.read' },
];

/** The entries `role` sees (null: not known, or none): an entry that needs a role shows only to those who have it. */
export const navigationFor = (role: Role | null): NavigationEntry[] =>
  navigation.filter(({ needs }) => needs === undefined || can(role, needs));

/** Screens reached from a list without its prefix: an experiment's runs, their results and a result's details. */
const sectionOf: ReadonlyArray<[prefix: string, entry: string]> = [
  ['/experiment-runs', '/experiments'],
  ['/experiment-run-results', '/experiments'],
  ['/experiment-run-result-details', '/experiments'],
  ['/judge-jobs', '/model-judges'],
  ['/test-case', '/evaluations'],
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The entry a path belongs to: its own list, or the list its detail screens hang under. */
export function currentEntry(path: string): string | undefined {
  if (path === '/') return '/';
  const own = navigation.find(({ href }) => href !== '/' && under(path, href));
  return own?.href ?? sectionOf.find(([prefix]) => under(path, prefix))?.[1];
}
