import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { screenChunk } from '../../../src/views/shell/screen-chunk';

// A screen whose chunk loaded before it is first shown appears at once, with no 'Loading...' in between:
// App preloads the address's screen while sign-in is checked (React holds content that replaces a
// Suspense fallback for 300 ms).

afterEach(cleanup);

function Page({ name }: { name: string }) {
  return <h2>{name}</h2>;
}

describe('a screen chunk', () => {
  it('shows at once when it was loaded before its first render', async () => {
    let loads = 0;
    const Screen = screenChunk(async () => (loads++, Page));
    Screen.preload();
    await act(async () => undefined); // the chunk arrives
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen name="Datasets" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Datasets' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(loads).toBe(1);
  });

  it('shows the fallback while a chunk not loaded yet arrives, loading it once', async () => {
    let arrive: (page: typeof Page) => void = () => undefined;
    let loads = 0;
    const Screen = screenChunk(() => (loads++, new Promise<typeof Page>((resolve) => (arrive = resolve))));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen name="Golden Sets" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    Screen.preload();
    await act(async () => arrive(Page));
    expect(await screen.findByRole('heading', { name: 'Golden Sets' })).toBeTruthy();
    expect(loads).toBe(1);
  });
});
