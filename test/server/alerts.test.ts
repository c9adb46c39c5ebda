// Alerts on scheduled runs: POST/GET/DELETE …/alerts make, list and delete rules (a rule the gate cannot read,
// a host ALERT_WEBHOOK_HOSTS does not list or a bad baseline refused naming the field); when a scheduled run
// ends, a local catcher receives exactly one delivery for a regression and none for noise, a 500 is tried
// again with each attempt logged, a failed run tells the alerts that asked (and so does a tick that could not
// start its run, once however many servers tick), and a hooks.slack.com URL gets Slack's { text }. Every
// delivery is listed newest first, a skipped or failed one with its reason. Deliveries a stopped server left
// pending are sent again by the next to start, once however many do, with the attempts they have left.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertVerdict, Verdict } from '../../server/alerts/alert-verdict';
import type { AlertMessage } from '../../server/alerts/alert-payloads';
import { RunAlerts } from '../../server/alerts/run-alerts';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/storage/open-database';
import { ScheduledRuns } from '../../server/schedules/scheduled-runs';
import { startEngineRuns, type EngineRuns } from './helpers/engine-run';
import { backends, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const MINUTE = 60_000;
const CONSOLE = 'http://console.test';

const CATALOGUE = ['product_id,name,description', 'p1,Red sofa,Deep red', 'p2,Oak table,Solid oak'].join('\n');
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'oak table,p2,2'].join('\n');

const NOISE: Verdict = {
  pass: true,
  checks: [{ metric: 'ndcg@2', failed: false, reason: 'ndcg@2 did not change' }],
  worst_regressions: [],
};
const DROP: Verdict = {
  pass: false,
  checks: [{ metric: 'ndcg@2', failed: true, reason: 'ndcg@2 fell by 0.300 (0.900 → 0.600), more than 0.01, p = 0.002 < 0.05' }],
  worst_regressions: [{ metric: 'ndcg@2', query: 'red sofa', delta: -0.3 }],
};

interface Caught {
  path: string;
  body: any;
}

/** A webhook receiver on a local port: keeps what it is sent, answers the statuses queued (200 once they run out). */
async function startCatcher() {
  const caught: Caught[] = [];
  const answers: number[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      caught.push({ path: request.url ?? '', body });
      response.statusCode = answers.shift() ?? 200;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, caught, answers, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(backends)('alerts on scheduled runs (%s)', (backend) => {
  let engine: EngineRuns;
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startCatcher>>;
  let alerts: RunAlerts;
  /** How every server here sends: short waits between attempts, Slack's host answered by the catcher. */
  let sending: ConstructorParameters<typeof RunAlerts>[0];
  let nextVerdict: Verdict = NOISE;
  const decided: Array<[number, number, string]> = [];
  const verdict: AlertVerdict = {
    ruleProblem: (rule) =>
      /^[a-z@0-9]+:[0-9.]+(:[0-9.]+)?$/.test(rule) ? undefined : `body.rule: “${rule}” is not metric:max_drop[:alpha]`,
    decide: async (_db, baseline, candidate, rule) => {
      decided.push([baseline, candidate, rule]);
      return nextVerdict;
    },
  };

  const alertsOf = (experimentId: number) => `${API}/experiments/${experimentId}/alerts`;
  const deliveries = async (experimentId: number, alertId: number) =>
    (await t.call('GET', `${alertsOf(experimentId)}/${alertId}/deliveries`)).json<Array<Record<string, unknown>>>();
  const createAlert = async (experimentId: number, body: object) => {
    const made = await t.call('POST', alertsOf(experimentId), body);
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ id: number }>().id;
  };

  /** An experiment on a * * * * * schedule, and a tick a minute later each time it is called: the run it made, once ended and its alerts sent. */
  async function scheduled(name: string, config: object = { k: 2 }) {
    // Only this test's experiment ticks: the earlier tests' schedules are stopped.
    await t.db.query('UPDATE experiment_schedules SET enabled = false');
    const experimentId = await engine.addExperiment(name, config);
    const saved = await t.call('PUT', `${API}/experiments/${experimentId}/schedule`, { cron: '* * * * *', enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const since = (
      await t.db.query<{ at: string }>('SELECT active_since AS at FROM experiment_schedules WHERE experiment_id = $1', [experimentId])
    ).rows[0].at;
    let minute = Date.parse(since);
    const ticks = new ScheduledRuns(t.db, t.runQueue!, alerts.onTickFailed);
    return {
      experimentId,
      async nextRun() {
        minute += MINUTE;
        const made = (await ticks.tick(new Date(minute))).find((tick) => tick.experiment_id === experimentId)!;
        const run = await t.runUntilEnded(made.run_id!);
        await alerts.settled();
        return run;
      },
    };
  }

  beforeAll(async () => {
    catcher = await startCatcher();
    sending = {
      verdict,
      publicUrl: CONSOLE,
      retryDelaysMs: [10, 20, 40],
      timeoutMs: 2_000,
      env: { ALERT_WEBHOOK_SLACK: 'T000/B000/XXXX' },
      // Slack's host, answered by the catcher: what matters is what is sent there.
      fetch: (url, init) => {
        const target = new URL(String(url));
        return fetch(target.hostname === 'hooks.slack.com' ? `${catcher.url}${target.pathname}` : target, init);
      },
    };
    alerts = new RunAlerts(sending);
    engine = await startEngineRuns(
      backend,
      { name: 'Alerted', catalogue: CATALOGUE, judgements: JUDGEMENTS },
      {
        alertVerdict: verdict,
        slice: { onEnded: alerts.onEnded },
      },
    );
    t = engine.t;
    await engine.addEntry('red sofa');
    await engine.addEntry('oak table');
  }, 90_000);
  afterEach(() => {
    vi.unstubAllEnvs();
    catcher.caught.length = 0;
    catcher.answers.length = 0;
  });
  afterAll(async () => {
    await alerts?.settled();
    await t?.close();
    await catcher?.close();
  });

  it('refuses an alert naming the field at fault: the rule, a host ALERT_WEBHOOK_HOSTS does not list, the baseline', async () => {
    const experimentId = await engine.addExperiment('Refusals', { k: 2 });
    const post = (body: object) =>
      t.call('POST', alertsOf(experimentId), { rule: 'ndcg@2:0.01', webhook_url: `${catcher.url}/hook`, ...body });
    vi.stubEnv('ALERT_WEBHOOK_HOSTS', 'hooks.slack.com, *.example.com');
    const offList = await post({});
    expect(offList.statusCode).toBe(400);
    expect(offList.json().message).toBe(
      `body.webhook_url: host ${new URL(catcher.url).host} is not in ALERT_WEBHOOK_HOSTS (hooks.slack.com, *.example.com)`,
    );
    expect((await post({ webhook_url: 'https://alerts.example.com/hook' })).statusCode).toBe(201);
    vi.unstubAllEnvs();
    expect((await post({ rule: 'ndcg@2 drops' })).json().message).toBe('body.rule: “ndcg@2 drops” is not metric:max_drop[:alpha]');
    expect((await post({ webhook_url: 'ftp://files.example.com/x' })).json().message).toBe(
      'body.webhook_url must be an http:// or https:// URL',
    );
    expect((await post({ webhook_url: 'https://{env:ALERT_WEBHOOK_HOST}/x' })).json().message).toBe(
      'body.webhook_url may hold {env:…} in its path or query only, not its host',
    );
    expect((await post({ webhook_url: 'https://example.com/{env:DATABASE_URL}' })).json().message).toMatch(
      /^body\.webhook_url contains \{env:DATABASE_URL\}, which is not a valid \{env:NAME\}/,
    );
    expect((await post({ baseline: 'yesterday' })).json().message).toBe('body.baseline must be a run id or latest:TAG');
    expect((await post({ baseline: '999999' })).json().message).toBe('body.baseline: run 999999 not found');
    expect((await t.call('POST', alertsOf(999_999), { rule: 'ndcg@2:0.01', webhook_url: catcher.url })).statusCode).toBe(404);
    // Only the one allowed alert was made.
    expect((await t.call('GET', alertsOf(experimentId))).json()).toHaveLength(1);
  });

  it('sends exactly one delivery for a regression and none for noise, against the previous scheduled run', async () => {
    const nightly = await scheduled('Nightly');
    const alertId = await createAlert(nightly.experimentId, { rule: 'ndcg@2:0.01', webhook_url: `${catcher.url}/generic` });
    expect((await t.call('GET', alertsOf(nightly.experimentId))).json()).toEqual([
      expect.objectContaining({ id: alertId, rule: 'ndcg@2:0.01', on_failure: false, baseline: null }),
    ]);

    const first = await nightly.nextRun();
    // Nothing to compare the first scheduled run with: nothing sent, and the list says why.
    expect(catcher.caught).toEqual([]);
    expect(await deliveries(nightly.experimentId, alertId)).toEqual([
      expect.objectContaining({
        run_id: first.id,
        status: 'skipped',
        attempts: 0,
        error: expect.stringMatching(/nothing to compare with/),
      }),
    ]);

    nextVerdict = NOISE;
    const second = await nightly.nextRun();
    expect(decided.at(-1)).toEqual([first.id, second.id, 'ndcg@2:0.01']);
    expect(catcher.caught).toEqual([]);

    nextVerdict = DROP;
    const third = await nightly.nextRun();
    expect(decided.at(-1)).toEqual([second.id, third.id, 'ndcg@2:0.01']);
    expect(catcher.caught).toHaveLength(1);
    expect(catcher.caught[0]).toEqual({
      path: '/generic',
      body: {
        experiment: { id: nightly.experimentId, name: 'Nightly' },
        run: { id: third.id, number: third.number, status: 'success', error: null },
        baseline: { id: second.id, number: second.number },
        pass: false,
        checks: DROP.checks,
        worst_regressions: DROP.worst_regressions,
        console_url: `${CONSOLE}/compare?baseline=${second.id}&candidate=${third.id}`,
      },
    });
    const listed = await deliveries(nightly.experimentId, alertId);
    expect(listed.map((d) => [d.run_id, d.status, d.response_code, d.attempts])).toEqual([
      [third.id, 'delivered', 200, 1],
      [first.id, 'skipped', null, 0],
    ]);
    const paged = await t.call('GET', `${alertsOf(nightly.experimentId)}/${alertId}/deliveries?page=2&page_size=1`);
    expect(paged.headers['x-total-count']).toBe('2');
    expect(paged.json()).toEqual([expect.objectContaining({ run_id: first.id })]);

    // Deleted: no more deliveries, and its list is gone with it.
    expect((await t.call('DELETE', `${alertsOf(nightly.experimentId)}/${alertId}`)).statusCode).toBe(204);
    await nightly.nextRun();
    expect(catcher.caught).toHaveLength(1);
    expect((await t.call('GET', `${alertsOf(nightly.experimentId)}/${alertId}/deliveries`)).statusCode).toBe(404);
    const audit = (await t.call('GET', `${API}/audit/?target_type=alert&target_id=${alertId}`)).json().results;
    expect(audit.map((row: { action: string }) => row.action)).toEqual(['alert.delete', 'alert.create']);
  });

  it('tries a delivery again after a 500, logging each attempt, and shows one that never got through as failed', async () => {
    const retried = await scheduled('Retried');
    await retried.nextRun();
    const alertId = await createAlert(retried.experimentId, { rule: 'ndcg@2:0.01', webhook_url: `${catcher.url}/retried` });
    nextVerdict = DROP;
    catcher.answers.push(500);
    const run = await retried.nextRun();
    expect(catcher.caught.map((c) => c.path)).toEqual(['/retried', '/retried']);
    expect(catcher.caught[0].body).toEqual(catcher.caught[1].body);
    expect((await deliveries(retried.experimentId, alertId))[0]).toMatchObject({
      run_id: run.id,
      status: 'delivered',
      attempts: 2,
      response_code: 200,
      error: null,
    });

    catcher.caught.length = 0;
    catcher.answers.push(500, 503, 500, 500);
    const failed = await retried.nextRun();
    expect(catcher.caught).toHaveLength(4);
    expect((await deliveries(retried.experimentId, alertId))[0]).toMatchObject({
      run_id: failed.id,
      status: 'failed',
      attempts: 4,
      response_code: 500,
      error: 'The webhook answered HTTP 500 Internal Server Error',
    });
  });

  it('tells an on_failure alert that a scheduled run failed, and not one without it', async () => {
    const port = await closedPort();
    const down = await scheduled('Down', {
      k: 2,
      search_target: { kind: 'http', url: `http://127.0.0.1:${port}/?q={query}`, hits: '/hits', product_id: '/id', timeout_ms: 500 },
    });
    const told = await createAlert(down.experimentId, { rule: 'ndcg@2:0.01', webhook_url: `${catcher.url}/failures`, on_failure: true });
    const quiet = await createAlert(down.experimentId, { rule: 'ndcg@2:0.01', webhook_url: `${catcher.url}/quiet` });
    const run = await down.nextRun();
    expect(run.status).toBe('failed');
    expect(catcher.caught).toHaveLength(1);
    expect(catcher.caught[0]).toMatchObject({
      path: '/failures',
      body: {
        run: { id: run.id, status: 'failed', error: expect.stringMatching(/searches failed/) },
        baseline: null,
        pass: false,
        console_url: `${CONSOLE}/experiment-run-results/${run.id}`,
      },
    });
    expect(await deliveries(down.experimentId, told)).toEqual([expect.objectContaining({ kind: 'run_failed', status: 'delivered' })]);
    expect(await deliveries(down.experimentId, quiet)).toEqual([]);
  });

  it('tells on_failure alerts once when a tick cannot start its run, with the reason, however many servers tick', async () => {
    await t.db.query('UPDATE experiment_schedules SET enabled = false');
    const port = await closedPort();
    const experimentId = await engine.addExperiment('Unstartable', {
      k: 2,
      search_target: { kind: 'http', url: `http://127.0.0.1:${port}/?q={query}`, hits: '/hits', product_id: '/id', timeout_ms: 500 },
    });
    expect((await t.call('PUT', `${API}/experiments/${experimentId}/schedule`, { cron: '* * * * *', enabled: true })).statusCode).toBe(200);
    const told = await createAlert(experimentId, { rule: 'ndcg@2:0.01', webhook_url: `${catcher.url}/unstartable`, on_failure: true });
    await createAlert(experimentId, {
      rule: 'ndcg@2:0.01',
      webhook_url: 'https://hooks.slack.com/services/{env:ALERT_WEBHOOK_SLACK}',
      on_failure: true,
    });
    const quiet = await createAlert(experimentId, { rule: 'ndcg@2:0.01', webhook_url: `${catcher.url}/quiet` });
    const since = (
      await t.db.query<{ at: string }>('SELECT active_since AS at FROM experiment_schedules WHERE experiment_id = $1', [experimentId])
    ).rows[0].at;
    const experimentPage = `${CONSOLE}/experiment-runs/${experimentId}`;

    // Its search target's host is no longer one the server may call: the experiment cannot run.
    vi.stubEnv('SEARCH_TARGET_HOSTS', 'search.example.com');
    const servers = [new ScheduledRuns(t.db, t.runQueue!, alerts.onTickFailed), new ScheduledRuns(t.db, t.runQueue!, alerts.onTickFailed)];
    const now = new Date(Date.parse(since) + MINUTE);
    const made = (await Promise.all(servers.flatMap((server) => [server.tick(now), server.tick(now)]))).flat();
    expect(made).toEqual([expect.objectContaining({ experiment_id: experimentId, run_id: null })]);
    const reason = made[0].error!;
    expect(reason).toMatch(/cannot run: config\.search_target: .*SEARCH_TARGET_HOSTS/);
    await alerts.settled();
    expect(catcher.caught.map((c) => c.path).sort()).toEqual(['/services/T000/B000/XXXX', '/unstartable']);
    expect(catcher.caught.find((c) => c.path === '/unstartable')!.body).toEqual({
      experiment: { id: experimentId, name: 'Unstartable' },
      run: { id: null, number: null, status: 'failed', error: reason },
      baseline: null,
      pass: false,
      checks: [],
      worst_regressions: [],
      console_url: experimentPage,
    });
    expect(catcher.caught.find((c) => c.path !== '/unstartable')!.body).toEqual({
      text: `:x: Experiment “Unstartable”, scheduled run could not start: ${reason}\n<${experimentPage}|Open the experiment>`,
    });
    expect(await deliveries(experimentId, told)).toEqual([
      expect.objectContaining({ run_id: null, kind: 'run_failed', status: 'delivered', attempts: 1 }),
    ]);
    expect(await deliveries(experimentId, quiet)).toEqual([]);

    // The next tick: the target is allowed again, but the run cannot be made (its queue refuses it). Told again, once.
    vi.unstubAllEnvs();
    catcher.caught.length = 0;
    const refusing = { ...t.runQueue!, enqueue: () => Promise.reject(new Error('the run queue is not running')) };
    const next = await new ScheduledRuns(t.db, refusing, alerts.onTickFailed).tick(new Date(now.getTime() + MINUTE));
    expect(next).toEqual([expect.objectContaining({ run_id: null, error: 'The run could not be created: the run queue is not running' })]);
    await alerts.settled();
    expect(catcher.caught.filter((c) => c.path === '/unstartable').map((c) => c.body.run.error)).toEqual([
      'The run could not be created: the run queue is not running',
    ]);
    expect(catcher.caught).toHaveLength(2);
    expect(await deliveries(experimentId, told)).toHaveLength(2);
    // No run was left behind by the one that could not be queued.
    const runs = await t.db.query('SELECT id FROM experiment_runs WHERE experiment_id = $1', [experimentId]);
    expect(runs.rows).toEqual([]);
    expect((await t.call('GET', `${API}/experiments/${experimentId}/schedule`)).json().last_error).toBe(
      'The run could not be created: the run queue is not running',
    );
  });

  it('sends again the deliveries a stopped server left pending, once however many servers start, with the attempts they have left', async () => {
    const resumed = await scheduled('Resumed');
    const run = await resumed.nextRun();
    const message: AlertMessage = {
      experiment: { id: resumed.experimentId, name: 'Resumed' },
      run: { id: run.id, number: run.number ?? null, status: 'failed', error: 'The searches failed' },
      baseline: null,
      pass: false,
      checks: [],
      worst_regressions: [],
      console_url: `${CONSOLE}/experiment-run-results/${run.id}`,
    };
    /** A delivery as a server left it when it stopped: pending after `attempts`, last touched `ago` before now. */
    const left = async (path: string, attempts: number, ago: string) => {
      const alertId = await createAlert(resumed.experimentId, {
        rule: 'ndcg@2:0.01',
        webhook_url: `${catcher.url}${path}`,
        on_failure: true,
      });
      await t.db.query(
        `INSERT INTO alert_deliveries (alert_id, run_id, kind, status, attempts, response_code, error, payload, updated_at)
         VALUES ($1, $2, 'run_failed', 'pending', $3, $4, $5, $6::jsonb, now() - $7::interval)`,
        [
          alertId,
          run.id,
          attempts,
          attempts > 0 ? 503 : null,
          attempts > 0 ? 'The webhook answered HTTP 503 Service Unavailable' : null,
          JSON.stringify(message),
          ago,
        ],
      );
      return alertId;
    };
    const never = await left('/never-tried', 0, '10 minutes');
    const retrying = await left('/retrying', 2, '10 minutes');
    // Touched a moment ago: on PostgreSQL another server may be sending it right now.
    const recent = await left('/recent', 1, '1 second');

    // Two servers start at once, each on its own connection (PGlite: its one server).
    let otherDb: Database = t.db;
    if (t.databaseUrl) otherDb = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
    const servers = [new RunAlerts(sending), new RunAlerts(sending)];
    try {
      const taken = await Promise.all([servers[0].resumeStalled(t.db), servers[1].resumeStalled(otherDb)]);
      expect(taken[0] + taken[1]).toBe(2);
      await Promise.all(servers.map((server) => server.settled()));
    } finally {
      if (otherDb !== t.db) await otherDb.close();
    }
    expect(catcher.caught.map((c) => c.path).sort()).toEqual(['/never-tried', '/retrying']);
    expect(catcher.caught.map((c) => c.body)).toEqual([message, message]);
    expect((await deliveries(resumed.experimentId, never))[0]).toMatchObject({ status: 'delivered', attempts: 1, response_code: 200 });
    expect((await deliveries(resumed.experimentId, retrying))[0]).toMatchObject({ status: 'delivered', attempts: 3, error: null });
    expect((await deliveries(resumed.experimentId, recent))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    // A server starting on PGlite, which no other process shares: every delivery from before it started is its to
    // send. This one gets the three attempts it had left, all refused: it ends failed after four, as if never stopped.
    catcher.caught.length = 0;
    catcher.answers.push(500, 500, 500);
    const restarted = new RunAlerts(sending);
    expect(await restarted.resumeStalled(t.db, { leftBeforeStart: true })).toBe(1);
    await restarted.settled();
    expect(catcher.caught.map((c) => c.path)).toEqual(['/recent', '/recent', '/recent']);
    expect((await deliveries(resumed.experimentId, recent))[0]).toMatchObject({
      status: 'failed',
      attempts: 4,
      error: 'The webhook answered HTTP 500 Internal Server Error',
    });
    // Nothing is left to resume.
    expect(await new RunAlerts(sending).resumeStalled(t.db, { leftBeforeStart: true })).toBe(0);
  });

  it("sends a hooks.slack.com webhook Slack's { text }, its secret path filled in from the environment", async () => {
    const slack = await scheduled('Slacked');
    const before = await slack.nextRun();
    const alertId = await createAlert(slack.experimentId, {
      rule: 'ndcg@2:0.01',
      webhook_url: 'https://hooks.slack.com/services/{env:ALERT_WEBHOOK_SLACK}',
    });
    expect((await t.call('GET', alertsOf(slack.experimentId))).json()[0].webhook_url).toBe(
      'https://hooks.slack.com/services/{env:ALERT_WEBHOOK_SLACK}',
    );
    nextVerdict = DROP;
    const run = await slack.nextRun();
    expect(catcher.caught).toHaveLength(1);
    const [sent] = catcher.caught;
    expect(sent.path).toBe('/services/T000/B000/XXXX');
    expect(Object.keys(sent.body)).toEqual(['text']);
    expect(sent.body.text).toBe(
      [
        `:warning: Experiment “Slacked”, scheduled run #${run.number} regressed against run #${before.number}`,
        '✗ ndcg@2 fell by 0.300 (0.900 → 0.600), more than 0.01, p = 0.002 < 0.05',
        `<${CONSOLE}/compare?baseline=${before.id}&candidate=${run.id}|Compare the runs>`,
      ].join('\n'),
    );
    expect((await deliveries(slack.experimentId, alertId))[0]).toMatchObject({ status: 'delivered' });
  });
});
