import type { ComponentType } from 'react';
import { readable } from '../../domain/shared/readable-promise';

/**
 * The chunk's value once it has settled, else a suspension as React.lazy makes one (the promise thrown):
 * `use()` would do the same, but a screen it suspended inside a synchronous act() (the console tests'
 * render) was never retried.
 */
function readNow<T>(chunk: Promise<T>): T {
  const settled = chunk as Promise<T> & { status?: string; value?: T; reason?: unknown };
  if (settled.status === 'fulfilled') return settled.value as T;
  if (settled.status === 'rejected') throw settled.reason;
  throw chunk;
}

export type Screen<P> = ComponentType<P> & { preload(): void };

/** A screen in its own chunk (as React.lazy), which can also be loaded before it is first shown. */
export function screenChunk<P extends object>(load: () => Promise<ComponentType<P>>): Screen<P> {
  let chunk: Promise<ComponentType<P>> | undefined;
  const loaded = () => (chunk ??= readable(load()));
  function ScreenChunk(props: P) {
    const Component = readNow(loaded());
    return <Component {...props} />;
  }
  return Object.assign(ScreenChunk, { preload: () => void loaded().catch(() => undefined) });
}
