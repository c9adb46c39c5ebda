/**
 * Waiting for a run over the API, as a CI job does: `GET …/experiment-runs/{id}?wait=S` answers once the run
 * ended (or after S seconds), and `GET …/experiment-runs/{id}/events` streams its progress as Server-Sent
 * Events. The run is held by a search service that answers only when the test lets it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { runEvents } from '../../server/runs/run-watch';
import { parseEvents, type ServerSentEvent } from '../../server/cli/search-eval.mjs';
import { startHeldSearch } from './helpers/held-search';
import { startHttpRun } from './helpers/http-run';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

describe.each(backends)('waiting for a run (%s)', (backend) => {
  let t: TestApp;
  let base: string;
  /** The app's polls of a run's state (runState's query), counted to see a watch stop. */
  let polls = 0;
  const counting = (db: Database): Database => ({
    ...db,
    query: (sql, params) => {
      if (sql.startsWith('SELECT id, status, json_build_object')) polls++;
      return db.query(sql, params);
    },
  });
  const viewer = async () => ({ authorization: `Bearer ${await t.issuer.token({ roles: ['viewer'] })}` });

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true, slice: { retryDelaysMs: [10] }, appDatabase: counting });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  /** Reads a Server-Sent Events response until it closes, or until `until` says stop. */
  async function readEvents(response: Response, until: (event: ServerSentEvent) => boolean = () => false) {
    const events: ServerSentEvent[] = [];
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    let pending = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const parsed = parseEvents(pending + decoder.decode(read.value, { stream: true }));
      pending = parsed.rest;
      events.push(...parsed.events);
      if (parsed.events.some(until)) break;
    }
    return events;
  }
  const state = (event: ServerSentEvent) => JSON.parse(event.data);

  it('refuses a wait that is not above 0 and at most 60 seconds, naming wait', async () => {
    const { id } = await startHttpRun(t, 'http://127.0.0.1:9/?q={query}', 1, 'Bad waits');
    for (const wait of ['0', '-1', '61', 'soon']) {
      const answer = await t.call('GET', `${API}/experiment-runs/${id}?wait=${wait}`);
      expect(answer.statusCode, wait).toBe(400);
      expect(answer.json().message, wait).toMatch(/querystring\.wait/);
    }
    const missing = await t.call('GET', `${API}/experiment-runs/999999?wait=5`);
    expect(missing.statusCode).toBe(404);
  });

  it('answers a held run unfinished once the wait is over, and an ending run as soon as it ends', async () => {
    const search = await startHeldSearch();
    try {
      const run = await startHttpRun(t, search.url, 4, 'Held for a wait');
      const started = Date.now();
      const held = await t.call('GET', `${API}/experiment-runs/${run.id}?wait=1`, undefined, await viewer());
      const heldFor = Date.now() - started;
      expect(held.statusCode).toBe(200);
      expect(['pending', 'running']).toContain(held.json().status);
      expect(heldFor).toBeGreaterThanOrEqual(1000);
      expect(heldFor).toBeLessThan(4000);

      const waiting = t.call('GET', `${API}/experiment-runs/${run.id}?wait=30`, undefined, await viewer());
      await new Promise((resolve) => setTimeout(resolve, 300));
      const released = Date.now();
      search.release();
      const ended = await waiting;
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toMatchObject({ id: run.id, status: 'success', progress: { done: 4, total: 4 }, summary: { results: 4 } });
      expect(Date.now() - released).toBeLessThan(8000);
    } finally {
      await search.close();
    }
  });

  it('streams a run: progress as it changes, then its end, then closes', async () => {
    // Two at a time and four to a batch: the first batch is stored, the second held.
    const search = await startHeldSearch({ free: 4 });
    try {
      const run = await startHttpRun(t, search.url, 8, 'Streamed');
      const response = await fetch(`${base}${API}/experiment-runs/${run.id}/events`, { headers: await viewer() });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('cache-control')).toMatch(/no-cache/);
      const decoder = new TextDecoder();
      const reader = response.body!.getReader();
      let text = '';
      const events: ServerSentEvent[] = [];
      const next = async () => {
        const { value, done } = await reader.read();
        if (done) return false;
        const parsed = parseEvents(text + decoder.decode(value, { stream: true }));
        text = parsed.rest;
        events.push(...parsed.events);
        return true;
      };
      while (!events.some((event) => state(event).progress.done === 4)) expect(await next()).toBe(true);
      expect(events.every((event) => event.event === 'progress')).toBe(true);
      expect(state(events.at(-1)!)).toEqual({ id: run.id, status: 'running', progress: { done: 4, total: 8 }, error: null });

      search.release();
      while (await next());
      const end = events.at(-1)!;
      expect(end.event).toBe('end');
      expect(state(end)).toEqual({ id: run.id, status: 'success', progress: { done: 8, total: 8 }, error: null });
      expect(events.filter((event) => event.event === 'end')).toHaveLength(1);
    } finally {
      await search.close();
    }
  });

  it('sends only the end to a run that has already ended; 404 for no such run, 401 without a token', async () => {
    const search = await startHeldSearch();
    search.release();
    try {
      const run = await startHttpRun(t, search.url, 2, 'Ended before');
      await t.runUntilEnded(run.id);
      const events = await readEvents(await fetch(`${base}${API}/experiment-runs/${run.id}/events`, { headers: await viewer() }));
      expect(events.map((event) => [event.event, state(event).status])).toEqual([['end', 'success']]);
    } finally {
      await search.close();
    }
    const missing = await fetch(`${base}${API}/experiment-runs/999999/events`, { headers: await viewer() });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toMatch(/999999/);
    expect((await fetch(`${base}${API}/experiment-runs/1/events`)).status).toBe(401);
  });

  it('stops watching when the client goes away', async () => {
    const search = await startHeldSearch();
    try {
      const run = await startHttpRun(t, search.url, 2, 'Left behind');
      const gone = new AbortController();
      const streamed = await fetch(`${base}${API}/experiment-runs/${run.id}/events`, { headers: await viewer(), signal: gone.signal });
      const waited = fetch(`${base}${API}/experiment-runs/${run.id}?wait=60`, { headers: await viewer(), signal: gone.signal }).catch(
        () => 'aborted',
      );
      await readEvents(streamed, () => true);
      await new Promise((resolve) => setTimeout(resolve, 400));
      gone.abort();
      expect(await waited).toBe('aborted');
      await new Promise((resolve) => setTimeout(resolve, 700));
      const after = polls;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(polls).toBe(after);
    } finally {
      await search.close();
    }
  });

  it('says it is still running every heartbeat while nothing changes, and stops when told', async () => {
    const search = await startHeldSearch();
    try {
      const run = await startHttpRun(t, search.url, 2, 'Heartbeats');
      await run.waitFor('the run to start', (p) => p.status === 'running', 10_000);
      const stop = new AbortController();
      setTimeout(() => stop.abort(), 700);
      const sent: string[] = [];
      for await (const text of runEvents(t.db, run.id, { signal: stop.signal, pollMs: 20, heartbeatMs: 200 })) sent.push(text);
      expect(sent[0]).toMatch(/^event: progress\n/);
      const heartbeats = sent.filter((text) => text === ': still running\n\n');
      expect(heartbeats.length).toBeGreaterThanOrEqual(2);
      expect(heartbeats.length).toBeLessThanOrEqual(4);
      expect(sent.some((text) => text.startsWith('event: end'))).toBe(false);
    } finally {
      await search.close();
    }
  });
});
