import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

// Console test files share one jsdom and one module cache per worker (`isolate: false`): importing React, XState
// and the views once per worker instead of once per file halves the console tests' time. Each file therefore
// leaves the page as it found it: nothing rendered, real timers, the real fetch, empty storage, the address at /.
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
  document.body.innerHTML = '';
});
