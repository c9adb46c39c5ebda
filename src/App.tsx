import { lazy, Suspense, use } from 'react';
import { Route, Switch } from 'wouter';
import { AuthActorContext, type AuthActorRef } from './views/auth-actor-context';
import { LoginPage } from './views/LoginPage';
import { LogicContext, type ConsoleLogic } from './views/logic-context';
import { RequireAuth } from './views/RequireAuth';
import { Shell } from './views/Shell';
import { statusMessage } from './views/ui/status.css';

// Each screen is its own chunk: /login loads only the sign-in code (see bench/bundle-size.ts).
const DashboardPage = lazy(() => import('./views/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const DatasetsPage = lazy(() => import('./views/DatasetsPage').then((m) => ({ default: m.DatasetsPage })));
const DatasetEditorPage = lazy(() => import('./views/DatasetEditorPage').then((m) => ({ default: m.DatasetEditorPage })));
const DatasetEntriesPage = lazy(() => import('./views/DatasetEntriesPage').then((m) => ({ default: m.DatasetEntriesPage })));
const EntryEditorPage = lazy(() => import('./views/EntryEditorPage').then((m) => ({ default: m.EntryEditorPage })));
const GoldenSetsPage = lazy(() => import('./views/GoldenSetsPage').then((m) => ({ default: m.GoldenSetsPage })));
const EvaluationsPage = lazy(() => import('./views/EvaluationsPage').then((m) => ({ default: m.EvaluationsPage })));
const EvaluationDetailPage = lazy(() =>
  import('./views/EvaluationDetailPage').then((m) => ({ default: m.EvaluationDetailPage })),
);
const TestCasePage = lazy(() => import('./views/TestCasePage').then((m) => ({ default: m.TestCasePage })));
const ExperimentsPage = lazy(() => import('./views/ExperimentsPage').then((m) => ({ default: m.ExperimentsPage })));
const EvaluationScriptsPage = lazy(() => import('./views/EvaluationScriptsPage').then((m) => ({ default: m.EvaluationScriptsPage })));
const EvaluationScriptPage = lazy(() => import('./views/EvaluationScriptPage').then((m) => ({ default: m.EvaluationScriptPage })));
const ScriptExperimentsPage = lazy(() => import('./views/ScriptExperimentsPage').then((m) => ({ default: m.ScriptExperimentsPage })));
const ExperimentRunsPage = lazy(() => import('./views/ExperimentRunsPage').then((m) => ({ default: m.ExperimentRunsPage })));
const RunResultsPage = lazy(() => import('./views/RunResultsPage').then((m) => ({ default: m.RunResultsPage })));
const RunResultDetailsRoute = lazy(() =>
  import('./views/RunResultDetailsPage').then((m) => ({ default: m.RunResultDetailsRoute })),
);
const ComingSoonPage = lazy(() => import('./views/ComingSoonPage').then((m) => ({ default: m.ComingSoonPage })));

const loading = (
  <p className={statusMessage} role="status">
    Loading...
  </p>
);

/** The screens' logic, or (in production) a loader of it: its chunk comes after sign-in. */
type LogicSource = ConsoleLogic | (() => Promise<ConsoleLogic>);

// The route table (spec §2): /login is public, every other route needs a signed-in user and sits in the shell.
export function App({ auth, logic }: { auth: AuthActorRef; logic: LogicSource }) {
  return (
    <AuthActorContext.Provider value={auth}>
      <Switch>
        <Route path="/login" component={LoginPage} />
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

function Screens({ source }: { source: LogicSource }) {
  // The loader caches its promise, so use() sees the same one on every render.
  const logic = typeof source === 'function' ? use(source()) : source;
  return (
    <LogicContext.Provider value={logic}>
      <Switch>
        <Route path="/" component={DashboardPage} />
        <Route path="/datasets" component={DatasetsPage} />
        <Route path="/datasets/:id/edit">
          {/* A new actor per dataset: the key restarts the editor when the id changes. */}
          {(params) => <DatasetEditorPage key={params.id} id={params.id} />}
        </Route>
        <Route path="/dataset-entries">{() => <DatasetEntriesPage logic={logic.entryList} />}</Route>
        <Route path="/dataset-entries/:id/edit">
          {(params) => <EntryEditorPage key={params.id} id={params.id} logic={logic.entryEditor} />}
        </Route>
        {/* Spec §2's sample-data screens: fixtures, no call. */}
        <Route path="/golden-sets" component={GoldenSetsPage} />
        <Route path="/evaluations" component={EvaluationsPage} />
        <Route path="/evaluations/:id">
          {(params) => <EvaluationDetailPage key={params.id} id={params.id} logic={logic.evaluationDetail} />}
        </Route>
        <Route path="/test-case/:id">{(params) => <TestCasePage id={params.id} />}</Route>

        {/* ---- Placeholders: screens wired by other work (issue owners replace these). ---- */}
        {/* ---- end of placeholders ---- */}

        {/* The separate evaluation backend's screens (spec §2); a missing or malformed id has its own text. */}
        <Route path="/experiments" component={ExperimentsPage} />
        <Route path="/evaluation-scripts" component={EvaluationScriptsPage} />
        <Route path="/evaluation-scripts/:id?/experiments">
          {(params) => <ScriptExperimentsPage key={params.id} id={params.id} />}
        </Route>
        <Route path="/evaluation-scripts/:id">{(params) => <EvaluationScriptPage key={params.id} id={params.id} />}</Route>
        <Route path="/experiment-runs/:id?">{(params) => <ExperimentRunsPage key={params.id} id={params.id} />}</Route>
        <Route path="/experiment-run-results/:id?">
          {(params) => <RunResultsPage key={params.id} id={params.id} />}
        </Route>
        <Route path="/experiment-run-result-details/:id?">
          {(params) => <RunResultDetailsRoute key={params.id} id={params.id} />}
        </Route>

        <Route>
          <ComingSoonPage title="Page not found" />
        </Route>
      </Switch>
    </LogicContext.Provider>
  );
}
