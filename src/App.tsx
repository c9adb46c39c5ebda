import { lazy, Suspense, use, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { parseRouteId } from './domain/route-id';
import { AuthActorContext, type AuthActorRef } from './views/auth-actor-context';
import { LoginPage } from './views/LoginPage';
import { LogicContext, type ConsoleLogic } from './views/logic-context';
import { RequireAuth } from './views/RequireAuth';
import { Shell } from './views/Shell';
import { DocumentTitle } from './views/ui/DocumentTitle';
import { statusMessage } from './views/ui/status.css';

// Each screen is its own chunk: /login loads only the sign-in code (see bench/bundle-size.ts).
const DashboardPage = lazy(() => import('./views/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const DatasetsPage = lazy(() => import('./views/DatasetsPage').then((m) => ({ default: m.DatasetsPage })));
const DatasetEditorPage = lazy(() => import('./views/DatasetEditorPage').then((m) => ({ default: m.DatasetEditorPage })));
const DatasetEntriesPage = lazy(() => import('./views/DatasetEntriesPage').then((m) => ({ default: m.DatasetEntriesPage })));
const EntryEditorPage = lazy(() => import('./views/EntryEditorPage').then((m) => ({ default: m.EntryEditorPage })));
const GoldenSetsPage = lazy(() => import('./views/GoldenSetsPage').then((m) => ({ default: m.GoldenSetsPage })));
const EvaluationsPage = lazy(() => import('./views/EvaluationsPage').then((m) => ({ default: m.EvaluationsPage })));
const EvaluationDetailPage = lazy(() => import('./views/EvaluationDetailPage').then((m) => ({ default: m.EvaluationDetailPage })));
const TestCasePage = lazy(() => import('./views/TestCasePage').then((m) => ({ default: m.TestCasePage })));
const ExperimentsPage = lazy(() => import('./views/ExperimentsPage').then((m) => ({ default: m.ExperimentsPage })));
const EvaluationScriptsPage = lazy(() => import('./views/EvaluationScriptsPage').then((m) => ({ default: m.EvaluationScriptsPage })));
const EvaluationScriptPage = lazy(() => import('./views/EvaluationScriptPage').then((m) => ({ default: m.EvaluationScriptPage })));
const ScriptExperimentsPage = lazy(() => import('./views/ScriptExperimentsPage').then((m) => ({ default: m.ScriptExperimentsPage })));
const ScriptExperimentsWithoutId = lazy(() =>
  import('./views/ScriptExperimentsPage').then((m) => ({ default: m.ScriptExperimentsWithoutId })),
);
const ExperimentRunsPage = lazy(() => import('./views/ExperimentRunsPage').then((m) => ({ default: m.ExperimentRunsPage })));
const RunResultsPage = lazy(() => import('./views/RunResultsPage').then((m) => ({ default: m.RunResultsPage })));
const RunResultDetailsRoute = lazy(() => import('./views/RunResultDetailsPage').then((m) => ({ default: m.RunResultDetailsRoute })));
const NotFoundPage = lazy(() => import('./views/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

const loading = (
  <p className={statusMessage} role="status">
    Loading...
  </p>
);

/**
 * Spec §2 "Missing identifiers": every `:id` route reads its id here, once, as a positive integer or null
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

// The route table (spec §2): /login is public, every other route needs a signed-in user and sits in the shell.
export function App({ auth, logic }: { auth: AuthActorRef; logic: LogicSource }) {
  return (
    <AuthActorContext.Provider value={auth}>
      <Switch>
        <Route path="/login">{titled('Log In', LoginPage)}</Route>
        <Route>
          <RequireAuth>
            <Shell>
              <Suspense fallback={loading}>
                <Screens source={logic} />
              </Suspense>
            </Shell>
          </RequireAuth>
        </Route>
      </Switch>
    </AuthActorContext.Provider>
  );
}

export function Screens({ source }: { source: LogicSource }) {
  // The loader caches its promise, so use() sees the same one on every render.
  const logic = typeof source === 'function' ? use(source()) : source;
  return (
    <LogicContext.Provider value={logic}>
      <Switch>
        <Route path="/">{titled('Dashboard', DashboardPage)}</Route>
        <Route path="/datasets">{titled('Datasets', DatasetsPage)}</Route>
        <Route path="/datasets/:id/edit">{titledWithRouteId('Edit Dataset', DatasetEditorPage)}</Route>
        <Route path="/dataset-entries">{titled('Dataset Entries', DatasetEntriesPage)}</Route>
        <Route path="/dataset-entries/:id/edit">{titledWithRouteId('Edit Dataset Entry', EntryEditorPage)}</Route>
        <Route path="/golden-sets">{titled('Golden Sets', GoldenSetsPage)}</Route>
        {/* Spec §2's sample-data screens: fixtures, no call; their ids are the samples' keys, not parsed. */}
        <Route path="/evaluations">{titled('Evaluations', EvaluationsPage)}</Route>
        <Route path="/evaluations/:id">
          {(params) => (
            <>
              <DocumentTitle page="Evaluation" />
              <EvaluationDetailPage key={params.id} id={params.id} logic={logic.evaluationDetail} />
            </>
          )}
        </Route>
        <Route path="/test-case/:id">
          {(params) => (
            <>
              <DocumentTitle page="Test Case" />
              <TestCasePage id={params.id} />
            </>
          )}
        </Route>

        {/* ---- Placeholders: screens wired by other work (issue owners replace these). ---- */}
        {/* ---- end of placeholders ---- */}

        {/* The separate evaluation backend's screens (spec §2); a missing or malformed id has its own text. */}
        <Route path="/experiments">{titled('Experiments', ExperimentsPage)}</Route>
        <Route path="/evaluation-scripts">{titled('Evaluation Scripts', EvaluationScriptsPage)}</Route>
        <Route path="/evaluation-scripts/experiments">{titled('Script Experiments', ScriptExperimentsWithoutId)}</Route>
        <Route path="/evaluation-scripts/:id/experiments">{titledWithRouteId('Script Experiments', ScriptExperimentsPage)}</Route>
        <Route path="/evaluation-scripts/:id">{titledWithRouteId('Evaluation Script', EvaluationScriptPage)}</Route>
        <Route path="/experiment-runs/:id?">{titledWithRouteId('Experiment Runs', ExperimentRunsPage)}</Route>
        <Route path="/experiment-run-results/:id?">{titledWithRouteId('Run Results', RunResultsPage)}</Route>
        <Route path="/experiment-run-result-details/:id?">{titledWithRouteId('Run Result Details', RunResultDetailsRoute)}</Route>

        <Route>{titled('Page not found', NotFoundPage)}</Route>
      </Switch>
    </LogicContext.Provider>
  );
}
