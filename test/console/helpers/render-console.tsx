import { Suspense, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { Screens } from '../../../src/App';
import { createConsoleLogic } from '../../../src/logic/console-logic';
import type { Role } from '../../../src/domain/shell/roles';
import { LogicContext, type ConsoleLogic } from '../../../src/views/shell/logic-context';
import { RoleContext } from '../../../src/views/shell/role-context';
import type { FakeDeps } from './fake-deps';

const logics = new WeakMap<FakeDeps, ConsoleLogic>();

/** The console's logic over the fakes, made once per fake as the app makes it once per page. */
export function logicOf(fake: FakeDeps): ConsoleLogic {
  if (!logics.has(fake)) logics.set(fake, createConsoleLogic(fake));
  return logics.get(fake)!;
}

/** Who the screens are for, as the shell gives it to them: an admin, who may do everything, unless a test says. */
type As = { role?: Role };

/** Renders a screen at `path` with the console's logic over the fakes and the fakes' address. */
export function renderWithLogic(
  fake: FakeDeps,
  path: string,
  ui: ReactNode | ((logic: ConsoleLogic) => ReactNode),
  { role = 'admin' }: As = {},
) {
  const logic = logicOf(fake);
  act(() => fake.router.replace(path));
  return render(
    <Router hook={fake.memory.hook} searchHook={fake.memory.searchHook}>
      <RoleContext.Provider value={role}>
        <LogicContext.Provider value={logic}>{typeof ui === 'function' ? ui(logic) : ui}</LogicContext.Provider>
      </RoleContext.Provider>
    </Router>,
  );
}

/** Renders the console's route table at `path`, as the app does once someone is signed in: screens load lazily. */
export function renderRoute(fake: FakeDeps, path: string, as: As = {}) {
  return renderWithLogic(
    fake,
    path,
    (logic) => (
      <Suspense fallback={null}>
        <Screens source={logic} />
      </Suspense>
    ),
    as,
  );
}
