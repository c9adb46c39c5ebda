import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { DownloadedFile } from '../../../src/domain/experiments/evaluation-backend-types';
import type { ConsoleDeps } from '../../../src/logic/console-deps';
import { localDismissal } from '../../../src/services/checklist-dismissal';
import { memoryRouter } from './memory-router';

// The console's dependencies with every service method replaced by a promise the test settles: the real
// factories (src/logic) bind the machines to these as they bind the real services, the views run unchanged,
// and the test decides when and how each call answers. Calls are recorded by method name.

type Call = { args: unknown[]; input: unknown; resolve(value: unknown): void; reject(error: unknown): void };
/** The services whose every method waits for the test: all of ConsoleDeps but the downloads, the address bar and the
 * checklist's dismissal (this browser's localStorage, as jsdom has it). */
type WaitingDeps = Omit<ConsoleDeps, 'files' | 'router' | 'checklistDismissal'>;
type MethodsOf<Service> = {
  [Name in keyof Service]: Service[Name] extends (...args: never[]) => unknown ? Name : never;
}[keyof Service] &
  string;
/** Every waiting service's method names, flat, as the calls are recorded: a misspelt or renamed one is a type error. */
export type ServiceMethod = { [S in keyof WaitingDeps]: MethodsOf<WaitingDeps[S]> }[keyof WaitingDeps];
type MethodOf<Name extends ServiceMethod> = {
  [S in keyof WaitingDeps]: Name extends keyof WaitingDeps[S]
    ? WaitingDeps[S][Name] extends (...args: never[]) => unknown
      ? WaitingDeps[S][Name]
      : never
    : never;
}[keyof WaitingDeps];
/** What a service method's promise resolves to. */
export type OutputOf<Name extends ServiceMethod> = Awaited<ReturnType<MethodOf<Name>>>;
/** How a call answers: the method's resolved value, or a rejection. */
export type Outcome<Name extends ServiceMethod> = { output: OutputOf<Name> } | { error: unknown };
/** Picks calls by fields of their first argument, e.g. `{ side: 'included' }`. */
type Where = Record<string, unknown>;

export function fakeDeps() {
  const started = new Map<string, Call[]>();
  /** A service object whose every method waits: `service.listDatasets(page)` is recorded as 'listDatasets'. */
  const waiting = <Service extends object>() =>
    new Proxy({} as Service, {
      get: (_, name) =>
        // Not a thenable, and nothing for inspectors' symbols.
        typeof name !== 'string' || name === 'then'
          ? undefined
          : (...args: unknown[]) =>
              new Promise((resolve, reject) =>
                started.set(name, [...(started.get(name) ?? []), { args, input: args[0], resolve, reject }]),
              ),
    });
  const matches = (where: Where | undefined) => (call: Call) =>
    !where || Object.entries(where).every(([key, value]) => (call.input as Record<string, unknown>)[key] === value);
  const callsOf = (method: ServiceMethod, where?: Where) => (started.get(method) ?? []).filter(matches(where));
  /** The files the exports handed to the browser as downloads. */
  const saved: DownloadedFile[] = [];
  const memory = memoryRouter();

  const deps: ConsoleDeps = {
    datasets: waiting(),
    datasetEntries: waiting(),
    datasetEntryMappings: waiting(),
    goldenSets: waiting(),
    experiments: waiting(),
    experimentRuns: waiting(),
    experimentRunResults: waiting(),
    evaluationScripts: waiting(),
    evaluations: waiting(),
    searchTargets: waiting(),
    runComparisons: waiting(),
    catalogue: waiting(),
    accounts: waiting(),
    apiKeys: waiting(),
    clipboard: waiting(),
    modelJudges: waiting(),
    automation: waiting(),
    audit: waiting(),
    demoData: waiting(),
    counts: waiting(),
    activity: waiting(),
    gettingStarted: waiting(),
    checklistDismissal: localDismissal(window.localStorage),
    runJudging: waiting(),
    experimentForm: waiting(),
    files: { save: (file) => void saved.push(file) },
    router: memory.router,
  };

  const last = (method: ServiceMethod, where?: Where) => {
    const call = callsOf(method, where).at(-1);
    if (!call) throw new Error(`${method} was never called${where ? ` with ${JSON.stringify(where)}` : ''}`);
    return call;
  };

  return {
    ...deps,
    memory,
    saved,
    /** How many times a service method was called. */
    calls: (method: ServiceMethod, where?: Where) => callsOf(method, where).length,
    /** The names of the service methods called so far, each once. */
    calledMethods: () => [...started.keys()],
    /** The latest call of a service method: its `args`, and `input` (the first argument). */
    last,
    /** Settles the latest call of a service method, as the service would; waits for the call when a slow
     * machine (CI) has not made it yet. */
    async settle<Name extends ServiceMethod>(method: Name, outcome: Outcome<Name>, where?: Where) {
      const call = await vi.waitFor(() => last(method, where));
      await act(async () => {
        if ('output' in outcome) call.resolve(outcome.output);
        else call.reject(outcome.error);
      });
    },
    /** The address changes outside the machines (Back, Forward, a typed address). */
    routeTo(path: string) {
      act(() => memory.router.navigate(path));
    },
    /** The browser's Back button. */
    goBack() {
      act(() => memory.router.back('/'));
    },
    currentPath: () => memory.currentPath(),
    /** How many times the entry editor went back. */
    wentBack: () => memory.backs(),
  };
}

export type FakeDeps = ReturnType<typeof fakeDeps>;
