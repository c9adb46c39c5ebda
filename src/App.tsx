import { Suspense, use, useEffect, type ComponentType } from 'react';
import { matchRoute, Route, Switch, useLocation, useRouter } from 'wouter';
import { parseRouteId } from './domain/shell/route-id';
import { AuthActorContext, type AuthActorRef } from './views/shell/auth-actor-context';
import { LoginPage } from './views/shell/LoginPage';
import { LogicContext, type ConsoleLogic } from './views/shell/logic-context';
import { RequireAuth } from './views/shell/RequireAuth';
import { DocumentTitle } from './views/ui/DocumentTitle';
import { statusMessage } from './views/ui/status.css';
import { screenChunk, type Screen } from './views/shell/screen-chunk';

// Each screen is its own chunk: /login loads only the sign-in code (see bench/bundle-size.ts).
// The signed-in frame (sidebar, top bar, the user's role) is one too: /login shows none of it.
const Shell = screenChunk(() => import('./views/shell/Shell').then((m) => m.Shell));
const DashboardPage = screenChunk(() => import('./views/dashboard/DashboardPage').then((m) => m.DashboardPage));
const DatasetsPage = screenChunk(() => import('./views/datasets/DatasetsPage').then((m) => m.DatasetsPage));
const DatasetEditorPage = screenChunk(() => import('./views/datasets/DatasetEditorPage').then((m) => m.DatasetEditorPage));
const DatasetEntriesPage = screenChunk(() => import('./views/entries/DatasetEntriesPage').then((m) => m.DatasetEntriesPage));
const EntryEditorPage = screenChunk(() => import('./views/entries/EntryEditorPage').then((m) => m.EntryEditorPage));
const GoldenSetsPage = screenChunk(() => import('./views/golden-sets/GoldenSetsPage').then((m) => m.GoldenSetsPage));
const GoldenSetPage = screenChunk(() => import('./views/golden-sets/GoldenSetPage').then((m) => m.GoldenSetPage));
const CataloguePage = screenChunk(() => import('./views/catalogue/CataloguePage').then((m) => m.CataloguePage));
const ProductPage = screenChunk(() => import('./views/catalogue/ProductPage').then((m) => m.ProductPage));
const EvaluationsPage = screenChunk(() => import('./views/evaluations/EvaluationsPage').then((m) => m.EvaluationsPage));
const NewEvaluationPage = screenChunk(() => import('./views/evaluations/NewEvaluationPage').then((m) => m.NewEvaluationPage));
const EvaluationDetailPage = screenChunk(() => import('./views/evaluations/EvaluationDetailPage').then((m) => m.EvaluationDetailPage));
const TestCasePage = screenChunk(() => import('./views/evaluations/TestCasePage').then((m) => m.TestCasePage));
const ExperimentsPage = screenChunk(() => import('./views/experiments/ExperimentsPage').then((m) => m.ExperimentsPage));
const NewExperimentPage = screenChunk(() => import('./views/experiments/ExperimentFormPage').then((m) => m.NewExperimentPage));
const EditExperimentPage = screenChunk(() => import('./views/experiments/ExperimentFormPage').then((m) => m.EditExperimentPage));
const EvaluationScriptsPage = screenChunk(() => import('./views/experiments/EvaluationScriptsPage').then((m) => m.EvaluationScriptsPage));
const EvaluationScriptPage = screenChunk(() => import('./views/experiments/EvaluationScriptPage').then((m) => m.EvaluationScriptPage));
const ScriptExperimentsPage = screenChunk(() => import('./views/experiments/ScriptExperimentsPage').then((m) => m.ScriptExperimentsPage));
const ScriptExperimentsWithoutId = screenChunk(() =>
  import('./views/experiments/ScriptExperimentsPage').then((m) => m.ScriptExperimentsWithoutId),
);
const ExperimentRunsPage = screenChunk(() => import('./views/runs/ExperimentRunsPage').then((m) => m.ExperimentRunsPage));
const RunResultsPage = screenChunk(() => import('./views/runs/RunResultsPage').then((m) => m.RunResultsPage));
const JudgeQueuePage = screenChunk(() => import('./views/judging/JudgeQueuePage').then((m) => m.JudgeQueuePage));
const GoldenSetQueuePage = screenChunk(() => import('./views/judging/JudgeQueuePage').then((m) => m.GoldenSetQueuePage));
const RunResultDetailsRoute = screenChunk(() => import('./views/runs/RunResultDetailsPage').then((m) => m.RunResultDetailsRoute));
const ComparePairRoute = screenChunk(() => import('./views/compare/ComparePairPage').then((m) => m.ComparePairRoute));
const ComparePage = screenChunk(() => import('./views/compare/ComparePage').then((m) => m.ComparePage));
const ModelJudgesPage = screenChunk(() => import('./views/judges/ModelJudgesPage').then((m) => m.ModelJudgesPage));
const JudgeJobPage = screenChunk(() => import('./views/judges/JudgeJobPage').then((m) => m.JudgeJobPage));
const AccountsPage = screenChunk(() => import('./views/admin/AccountsPage').then((m) => m.AccountsPage));
const ApiKeysPage = screenChunk(() => import('./views/api-keys/ApiKeysPage').then((m) => m.ApiKeysPage));
const AuditPage = screenChunk(() => import('./views/admin/AuditPage').then((m) => m.AuditPage));
const NotFoundPage = screenChunk(() => import('./views/shell/NotFoundPage').then((m) => m.NotFoundPage));

const loading = (
  <p className={statusMessage} role="status">
    Loading...
  </p>
);

/**
 * Every `:id` route reads its id here, once, as a positive integer or null
 * (parseRouteId); the page hands it to its machine, whose `hasNoRouteId` makes it not-found without a call.
 * The key starts a new page, with new actors, when the id in the address changes.
 */
function titledWithRouteId(title: string, Page: ComponentType<{ id: number | null }>) {
  return (params: { id?: string }) => (
    <>
      <DocumentTitle page={title} />
      <Page key={params.id} id={parseRouteId(params.id)} />
    </>
  );
}

/** A screen with its own document title ("Datasets · Search Evaluation Console"). */
function titled(title: string, Page: ComponentType) {
  return (
    <>
      <DocumentTitle page={title} />
      <Page />
    </>
  );
}

/** The screens' logic, or (in production) a loader of it: its chunk comes after sign-in. */
type LogicSource = ConsoleLogic | (() => Promise<ConsoleLogic>);

// The route table: /login is public, every other route needs a signed-in user and sits in the shell.
export function App({ auth, logic }: { auth: AuthActorRef; logic: LogicSource }) {
  return (
    <AuthActorContext.Provider value={auth}>
      <Switch>
        <Route path="/login">{titled('Log In', LoginPage)}</Route>
        <Route>
          <PreloadScreen source={logic} />
          <RequireAuth>
            <Suspense fallback={loading}>
              <Shell>
                <Suspense fallback={loading}>
                  <Screens source={logic} />
                </Suspense>
              </Shell>
            </Suspense>
          </RequireAuth>
        </Route>
      </Switch>
    </AuthActorContext.Provider>
  );
}

/** The screens reached by path alone, in the order their paths are matched. */
type ScreenRoute = { path: string; title: string } & (
  { screen: Screen<object>; withId?: false } | { screen: Screen<{ id: number | null }>; withId: true }
);

const screenRoutes: readonly ScreenRoute[] = [
  { path: '/', title: 'Dashboard', screen: DashboardPage },
  { path: '/datasets', title: 'Datasets', screen: DatasetsPage },
  { path: '/datasets/:id/edit', title: 'Edit Dataset', screen: DatasetEditorPage, withId: true },
  { path: '/dataset-entries', title: 'Dataset Entries', screen: DatasetEntriesPage },
  { path: '/dataset-entries/:id/edit', title: 'Edit Dataset Entry', screen: EntryEditorPage, withId: true },
  { path: '/golden-sets', title: 'Golden Sets', screen: GoldenSetsPage },
  // The set's pairs that want more ratings, judged one at a time (?at=n as a run's queue).
  { path: '/golden-sets/:id/judge', title: 'Judge', screen: GoldenSetQueuePage, withId: true },
  { path: '/golden-sets/:id', title: 'Golden Set', screen: GoldenSetPage, withId: true },
  // Products are keyed by their own text ids, which the product page reads from the path itself.
  { path: '/catalogue', title: 'Catalogue', screen: CataloguePage },
  { path: '/catalogue/products/:productId', title: 'Product', screen: ProductPage },
  { path: '/evaluations', title: 'Evaluations', screen: EvaluationsPage },
  // Ahead of /evaluations/:id, which would take "new" for an id (and find it malformed).
  { path: '/evaluations/new', title: 'New Evaluation', screen: NewEvaluationPage },
  { path: '/evaluations/:id', title: 'Evaluation', screen: EvaluationDetailPage, withId: true },
  // One query of an evaluation (or a run): its result's id.
  { path: '/test-case/:id', title: 'Test Case', screen: TestCasePage, withId: true },
  // The separate evaluation backend's screens; a missing or malformed id has its own text.
  { path: '/experiments', title: 'Experiments', screen: ExperimentsPage },
  { path: '/experiments/new', title: 'New Experiment', screen: NewExperimentPage },
  { path: '/experiments/:id/edit', title: 'Edit Experiment', screen: EditExperimentPage, withId: true },
  { path: '/evaluation-scripts', title: 'Evaluation Scripts', screen: EvaluationScriptsPage },
  { path: '/evaluation-scripts/experiments', title: 'Script Experiments', screen: ScriptExperimentsWithoutId },
  { path: '/evaluation-scripts/:id/experiments', title: 'Script Experiments', screen: ScriptExperimentsPage, withId: true },
  { path: '/evaluation-scripts/:id', title: 'Evaluation Script', screen: EvaluationScriptPage, withId: true },
  { path: '/experiment-runs/:id?', title: 'Experiment Runs', screen: ExperimentRunsPage, withId: true },
  // The run's unjudged pairs in a scope, judged one at a time; scope and position in the query (?scope=…&at=n) so a reload resumes.
  { path: '/experiment-run-results/:id/judge', title: 'Judge Unjudged', screen: JudgeQueuePage, withId: true },
  { path: '/experiment-run-results/:id?', title: 'Run Results', screen: RunResultsPage, withId: true },
  { path: '/experiment-run-result-details/:id?', title: 'Run Result Details', screen: RunResultDetailsRoute, withId: true },
  // One query of two runs side by side; its result ids (and metric) are in the query string.
  { path: '/compare/pair', title: 'Compare a Query', screen: ComparePairRoute },
  // Two runs compared, by the ids in the query (?baseline=A&candidate=B), read by the page with its other choices.
  { path: '/compare', title: 'Compare Runs', screen: ComparePage },
  // Curators: model judges and a judge job's progress.
  { path: '/model-judges', title: 'Model Judges', screen: ModelJudgesPage },
  { path: '/judge-jobs/:id', title: 'Judge Job', screen: JudgeJobPage, withId: true },
  // Anyone's own API keys (an admin's: everyone's).
  { path: '/api-keys', title: 'API keys', screen: ApiKeysPage },
  // For admins only (a non-admin reads why): the embedded provider's accounts, and who changed what.
  { path: '/accounts', title: 'Accounts', screen: AccountsPage },
  { path: '/audit', title: 'Audit trail', screen: AuditPage },
];

/**
 * While sign-in is checked, the shell, the screen of the address and the screens' logic already load: the screen
 * then shows at once, without a Suspense fallback and React's 300 ms hold on what replaces one.
 */
function PreloadScreen({ source }: { source: LogicSource }) {
  const { parser } = useRouter();
  const [path] = useLocation();
  useEffect(() => {
    if (typeof source === 'function') void source().catch(() => undefined);
    Shell.preload();
    screenRoutes.find((route) => matchRoute(parser, route.path, path)[0])?.screen.preload();
  }, [parser, path, source]);
  return null;
}

export function Screens({ source }: { source: LogicSource }) {
  // The loader caches its promise, so use() sees the same one on every render.
  const logic = typeof source === 'function' ? use(source()) : source;
  return (
    <LogicContext.Provider value={logic}>
      <Switch>
        {screenRoutes.map((route) => (
          <Route key={route.path} path={route.path}>
            {route.withId ? titledWithRouteId(route.title, route.screen) : titled(route.title, route.screen)}
          </Route>
        ))}
        <Route>{titled('Page not found', NotFoundPage)}</Route>
      </Switch>
    </LogicContext.Provider>
  );
}
