/**
 * `search-eval` as a CI job runs it: the file the server serves, spawned with node against a listening server,
 * its exit codes (0 passed, 1 failed, 2 error), what it prints and the reports it writes.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from '../../../server/cli/search-eval.mjs';
import { startHeldSearch } from '../helpers/held-search';
import { createHttpExperiment } from '../helpers/http-run';
import { backends, startTestApp, type TestApp } from '../helpers/test-app';

const CLI = 'server/cli/search-eval.mjs';
const API = '/api/backend';

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns the CLI (never spawnSync: the server it calls answers from this same process). */
function searchEval(args: string[], env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const finished = new Promise<Finished>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  /** Resolves with stdout's first line (a started run's id) as soon as it is printed. */
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('\n') && resolve(stdout.split('\n')[0]));
    void finished.then(() => reject(new Error(`exited before printing a line: ${stderr}`)));
  });
  firstLine.catch(() => {});
  return { finished, firstLine };
}

describe.each(backends)('search-eval (%s)', (backend) => {
  let t: TestApp;
  let base: string;
  let env: Record<string, string>;
  let folder: string;
  const run = (args: string[], extra: Record<string, string | undefined> = {}) => searchEval(args, { ...env, ...extra }).finished;

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true, slice: { retryDelaysMs: [10] } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    env = { SEARCH_EVAL_URL: base, SEARCH_EVAL_KEY: await t.issuer.token({ roles: ['curator'] }) };
    folder = await mkdtemp(join(tmpdir(), 'search-eval-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('is served as the file itself, to anyone, as JavaScript', async () => {
    const served = await fetch(`${base}/cli/search-eval.mjs`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(Buffer.from(await served.arrayBuffer()).equals(await readFile(CLI))).toBe(true);
    const other = await fetch(`${base}/cli/other.mjs`);
    expect(other.status).toBe(404);
    expect((await other.json()).message).toBe('No route for GET /cli/other.mjs');
  });

  it('runs an experiment and waits: prints the id, follows progress on stderr, exits 0 when it succeeded', async () => {
    const search = await startHeldSearch();
    search.release();
    try {
      const experiment = await createHttpExperiment(t, search.url, 3, 'CLI success');
      const { code, stdout, stderr } = await run(['run', '--experiment', String(experiment), '--tag', 'abc123', '--tag', 'ci', '--wait']);
      expect(code, stderr).toBe(0);
      const id = Number(stdout.trim());
      expect(stdout).toBe(`${id}\n`);
      expect(stderr).toContain(`run ${id}: success, 3 of 3 entries`);
      expect(stderr).toMatch(new RegExp(`run ${id}: 1 query counted: .*ndcg@2 1\\.0000`));
      expect((await t.call('GET', `${API}/experiment-runs/${id}`)).json()).toMatchObject({ status: 'success', tags: ['abc123', 'ci'] });
    } finally {
      await search.close();
    }
  });

  it('exits 1 when the run fails or is cancelled, and 0 at once without --wait', async () => {
    const failing = await startHeldSearch();
    failing.fail();
    failing.release();
    const held = await startHeldSearch();
    try {
      const failed = await run(['run', '--experiment', String(await createHttpExperiment(t, failing.url, 2, 'CLI failure')), '--wait']);
      expect(failed.code, failed.stderr).toBe(1);
      expect(failed.stderr).toMatch(/: failed/);

      const experiment = await createHttpExperiment(t, held.url, 2, 'CLI cancelled');
      const started = await run(['run', '--experiment', String(experiment)]);
      expect(started.code, started.stderr).toBe(0);
      expect(started.stdout).toMatch(/^\d+\n$/);
      expect(['pending', 'running']).toContain((await t.call('GET', `${API}/experiment-runs/${started.stdout.trim()}`)).json().status);

      const waiting = searchEval(['run', '--experiment', String(experiment), '--wait'], env);
      const id = await waiting.firstLine;
      expect((await t.call('POST', `${API}/experiment-runs/${id}/cancel`)).statusCode).toBe(200);
      const cancelled = await waiting.finished;
      expect(cancelled.code, cancelled.stderr).toBe(1);
      expect(cancelled.stderr).toContain(`run ${id}: cancelled`);
    } finally {
      await failing.close();
      await held.close();
    }
  });

  it('exits 2 when the wait times out, the options are wrong, or the server refuses or cannot be reached', async () => {
    const held = await startHeldSearch();
    try {
      const experiment = String(await createHttpExperiment(t, held.url, 2, 'CLI timeout'));
      const timedOut = await run(['run', '--experiment', experiment, '--wait', '--timeout', '1']);
      expect(timedOut.code).toBe(2);
      expect(timedOut.stderr).toMatch(/run \d+ did not end within 1 s; it goes on/);

      const cases: Array<[string[], Record<string, string | undefined>, RegExp]> = [
        [['run'], {}, /--experiment is required/],
        [['run', '--experiment', 'x1'], {}, /--experiment must be .* got "x1"/],
        [['run', '--experiment', experiment, '--colour'], {}, /Unknown option '--colour'/],
        [['run', '--experiment', experiment, '--target-override', '{nope'], {}, /--target-override must be a JSON object/],
        [['launch'], {}, /unknown command "launch"/],
        [['run', '--experiment', experiment], { SEARCH_EVAL_URL: undefined }, /--server URL, or SEARCH_EVAL_URL/],
        [['run', '--experiment', experiment], { SEARCH_EVAL_KEY: undefined }, /set SEARCH_EVAL_KEY/],
        [['run', '--experiment', experiment], { SEARCH_EVAL_KEY: 'not-a-token' }, /POST \/api\/backend\/experiments\/\d+\/runs: 401 /],
        [['run', '--experiment', '999999'], {}, /404 Experiment 999999/],
        [['export', '--run', '1', '--server', 'http://127.0.0.1:1'], {}, /cannot reach http:\/\/127\.0\.0\.1:1/],
        [['gate', '--baseline', '1', '--rule', 'ndcg@10:0.01'], {}, /--candidate is required/],
      ];
      for (const [args, extra, message] of cases) {
        const { code, stderr } = await run(args, extra);
        expect(code, args.join(' ')).toBe(2);
        expect(stderr, args.join(' ')).toMatch(message);
      }
      const viewer = await run(['run', '--experiment', experiment], { SEARCH_EVAL_KEY: await t.issuer.token({ roles: ['viewer'] }) });
      expect(viewer.code).toBe(2);
      expect(viewer.stderr).toMatch(/403 .*curator/i);
    } finally {
      await held.close();
    }
  });

  it('overrides the search target for one run, checked as a saved target is', async () => {
    const first = await startHeldSearch();
    const other = await startHeldSearch();
    first.release();
    other.release();
    try {
      const experiment = String(await createHttpExperiment(t, first.url, 2, 'CLI override'));
      const override = JSON.stringify({ url: other.url.replace('?q=', '?variant=b&q='), timeout_ms: 5000 });
      const { code, stdout, stderr } = await run(['run', '--experiment', experiment, '--target-override', override, '--wait']);
      expect(code, stderr).toBe(0);
      const ran = (await t.call('GET', `${API}/experiment-runs/${stdout.trim()}`)).json();
      expect(ran.config.search_target).toMatchObject({
        kind: 'http',
        url: other.url.replace('?q=', '?variant=b&q='),
        timeout_ms: 5000,
        hits: '/hits',
      });
      expect((await t.call('GET', `${API}/experiments/${experiment}`)).json().config.search_target.url).toBe(first.url);
      const audit = (await t.call('GET', `${API}/audit/?action=run.start`)).json();
      expect(JSON.stringify(audit)).toContain("search target's url, timeout_ms overridden");

      // Targets are read against the server's environment: these tests' are all on 127.0.0.1.
      process.env.SEARCH_TARGET_HOSTS = '127.0.0.1';
      for (const [target, message] of [
        [{ url: 'http://search.example.com/?q={query}' }, /400 body\.search_target: url .*search\.example\.com/],
        [{ url: 'ftp://127.0.0.1/{query}' }, /400 body\.search_target: url must start with http:\/\/ or https:\/\//],
        [{ colour: 'red' }, /400 body\.search_target has an unknown field "colour"/],
        [{ timeout_ms: 5 }, /400 body\.search_target\.timeout_ms must be at least 100/],
      ] as const) {
        const refused = await run(['run', '--experiment', experiment, '--target-override', JSON.stringify(target)]);
        expect(refused.code, JSON.stringify(target)).toBe(2);
        expect(refused.stderr, JSON.stringify(target)).toMatch(message);
      }
    } finally {
      delete process.env.SEARCH_TARGET_HOSTS;
      await first.close();
      await other.close();
    }
  });

  it("exports a run's results as the server's CSV, or as JSON with the run, to a file or stdout", async () => {
    const search = await startHeldSearch();
    search.release();
    try {
      const experiment = String(await createHttpExperiment(t, search.url, 3, 'CLI export'));
      const id = (await run(['run', '--experiment', experiment, '--wait'])).stdout.trim();
      const csvFile = join(folder, 'results.csv');
      const csv = await run(['export', '--run', id, '--out', csvFile]);
      expect(csv.code, csv.stderr).toBe(0);
      expect(await readFile(csvFile, 'utf8')).toBe((await t.call('GET', `${API}/experiment-runs/${id}/results.csv`)).body);

      const json = await run(['export', '--run', id, '--format', 'json']);
      expect(json.code, json.stderr).toBe(0);
      const exported = JSON.parse(json.stdout);
      expect(exported.run).toMatchObject({ id: Number(id), status: 'success' });
      expect(exported.results.map((result: { result: { input: string } }) => result.result.input).sort()).toEqual([
        'query 1',
        'query 2',
        'query 3',
      ]);

      const missingFile = join(folder, 'missing.csv');
      const missing = await run(['export', '--run', '999999', '--out', missingFile]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/404 .*999999/);
      expect(existsSync(missingFile)).toBe(false);
      const badFormat = await run(['export', '--run', id, '--format', 'xml']);
      expect(badFormat.code).toBe(2);
      expect(badFormat.stderr).toMatch(/--format must be csv, json, trec or qrels; got "xml"/);
    } finally {
      await search.close();
    }
  });

  describe('gate', () => {
    /**
     * Verdicts of the route's shape chosen by the test (a pass, a failure, a refusal), from a server in front
     * of the test app that forwards every other call to it. The server's own verdict is tested below.
     */
    let front: Server;
    let frontUrl: string;
    let asked: URLSearchParams[] = [];
    let answer: { status: number; body: unknown } = { status: 200, body: {} };

    beforeAll(async () => {
      front = createServer(async (request, response) => {
        const url = new URL(request.url!, 'http://front');
        if (url.pathname === `${API}/run-comparisons/verdict`) {
          if (request.headers.authorization !== `Bearer ${env.SEARCH_EVAL_KEY}`)
            return response.writeHead(401).end('{"message":"no token"}');
          asked.push(url.searchParams);
          return response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        }
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const forwarded = await fetch(`${base}${request.url}`, {
          method: request.method,
          headers: Object.fromEntries(
            Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'connection'),
          ) as Record<string, string>,
          body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        });
        response.writeHead(forwarded.status, Object.fromEntries(forwarded.headers));
        const reader = forwarded.body?.getReader();
        for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) response.write(read.value);
        response.end();
      });
      await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
      frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      front?.closeAllConnections();
      await new Promise((resolve) => front?.close(resolve));
    });

    const verdict = (pass: boolean, candidate = 8): Verdict => ({
      pass,
      baseline: { id: 7 },
      candidate: { id: candidate },
      checks: [
        {
          metric: 'ndcg@10',
          max_drop: 0.01,
          alpha: 0.05,
          baseline_mean: 0.6,
          candidate_mean: pass ? 0.605 : 0.55,
          delta: pass ? 0.005 : -0.05,
          p_value: pass ? 0.6 : 0.004,
          adjusted_p_value: pass ? 0.6 : 0.008,
          failed: !pass,
          reason: pass ? null : 'ndcg@10 dropped by 0.0500, more than 0.01 (adjusted p 0.008 < 0.05)',
        },
      ],
      paired: 3,
      worst_regressions: [
        {
          metric: 'ndcg@10',
          query: 'red sofa',
          baseline_result_id: 31,
          candidate_result_id: 41,
          baseline: 0.9,
          candidate: 0.4,
          delta: -0.5,
          console_path: '/compare/pair?baseline_result=31&candidate_result=41&metric=ndcg%4010',
        },
      ],
      multiple_comparisons: 'holm',
      console_path: `/compare?baseline=7&candidate=${candidate}&metric=ndcg%4010&filter=regressions`,
    });

    it('exits 0 when the verdict passes and 1 when it fails, writing the Markdown and JUnit reports', async () => {
      const markdown = join(folder, 'summary.md');
      const junit = join(folder, 'report.xml');
      answer = { status: 200, body: verdict(true) };
      asked = [];
      const args = ['gate', '--server', frontUrl, '--baseline', 'latest:main', '--candidate', '8', '--rule', 'ndcg@10:0.01:0.05'];
      const passed = await run([...args, '--markdown', markdown, '--junit', junit]);
      expect(passed.code, passed.stderr).toBe(0);
      expect(asked.map((query) => Object.fromEntries(query))).toEqual([
        { baseline: 'latest:main', candidate: '8', rule: 'ndcg@10:0.01:0.05' },
      ]);
      expect(passed.stdout).toContain('pass  ndcg@10 drops at most 0.01 (α 0.05): 0.6000 → 0.6050 (+0.0050), p 0.600, adjusted 0.600');
      expect(passed.stdout).toContain('Gate passed: run 8 against run 7');
      expect(await readFile(markdown, 'utf8')).toContain('## Search evaluation gate: ✅ passed');
      expect(await readFile(junit, 'utf8')).toContain('<testsuites name="search-eval" tests="1" failures="0" errors="0">');

      answer = { status: 200, body: verdict(false) };
      const failed = await run([...args, '--markdown', markdown, '--junit', junit]);
      expect(failed.code, failed.stderr).toBe(1);
      expect(failed.stdout).toContain('FAIL  ndcg@10 drops at most 0.01 (α 0.05): 0.6000 → 0.5500 (-0.0500)');
      expect(failed.stdout).toContain('Gate failed: run 8 against run 7');
      const summary = await readFile(markdown, 'utf8');
      expect(summary).toContain('## Search evaluation gate: ❌ failed');
      expect(summary).toContain(
        `[compare them](${frontUrl}/compare?baseline=7&candidate=8&metric=ndcg%4010&filter=regressions) over 3 paired queries.`,
      );
      expect(summary).toContain(
        `| [red sofa](${frontUrl}/compare/pair?baseline_result=31&candidate_result=41&metric=ndcg%4010) | 0.9000 | 0.4000 | -0.5000 |`,
      );
      expect(await readFile(junit, 'utf8')).toContain(
        '<failure message="ndcg@10 dropped by 0.0500, more than 0.01 (adjusted p 0.008 &lt; 0.05)" type="regression">',
      );
    });

    it("exits 2 with the server's message when it refuses the gate", async () => {
      answer = { status: 400, body: { error: 'Bad Request', message: 'rule: "ndcg@10:x" is not METRIC:MAX_DROP[:ALPHA]' } };
      const refused = await run(['gate', '--server', frontUrl, '--baseline', '7', '--candidate', '8', '--rule', 'ndcg@10:x']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        'search-eval: GET /api/backend/run-comparisons/verdict: 400 rule: "ndcg@10:x" is not METRIC:MAX_DROP[:ALPHA]',
      );
      const nothing = await run(['gate', '--server', frontUrl, '--candidate', '8', '--rule', 'ndcg@10:0.01']);
      expect(nothing.code).toBe(2);
      expect(nothing.stderr).toMatch(/--baseline is required/);
    });

    it('gates the run it started once it succeeded, with run --wait --baseline --rule', async () => {
      const search = await startHeldSearch();
      search.release();
      try {
        const experiment = String(await createHttpExperiment(t, search.url, 2, 'CLI run and gate'));
        answer = { status: 200, body: verdict(false) };
        asked = [];
        const junit = join(folder, 'gated.xml');
        const gated = await run(
          ['run', '--experiment', experiment, '--wait', '--baseline', 'latest:main', '--rule', 'ndcg@10:0.01', '--junit', junit],
          { SEARCH_EVAL_URL: frontUrl },
        );
        expect(gated.code, gated.stderr).toBe(1);
        const id = gated.stdout.split('\n')[0];
        expect(asked.map((query) => query.get('candidate'))).toEqual([id]);
        expect(gated.stdout).toContain('Gate failed');
        expect(await readFile(junit, 'utf8')).toContain('failures="1"');

        const unwaited = await run(['run', '--experiment', experiment, '--baseline', 'latest:main', '--rule', 'ndcg@10:0.01']);
        expect(unwaited.code).toBe(2);
        expect(unwaited.stderr).toMatch(/add --wait/);
      } finally {
        await search.close();
      }
    });
  });

  describe("gate against the server's verdict", () => {
    it('passes a candidate as good as the latest main run, and fails one that lost every relevant product', async () => {
      const good = await startHeldSearch();
      const bad = await startHeldSearch({ hits: ['p9'] });
      good.release();
      bad.release();
      try {
        const experiment = String(await createHttpExperiment(t, good.url, 8, 'CLI gate'));
        // Every query judged: eight paired queries, enough for the randomization test to tell a drop from chance.
        const setId = (await t.call('GET', `${API}/experiments/${experiment}`)).json().config.golden_set_id;
        await t.db.query(
          `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade)
           SELECT $1, 'query ' || n, 'query ' || n, 'p1', 2 FROM generate_series(2, 8) n`,
          [setId],
        );
        const baseline = await run(['run', '--experiment', experiment, '--tag', 'main', '--wait']);
        expect(baseline.code, baseline.stderr).toBe(0);

        const gate = ['--baseline', 'latest:main', '--rule', 'ndcg@2:0.01'];
        const same = await run(['run', '--experiment', experiment, '--tag', 'feature', '--wait', ...gate]);
        expect(same.code, same.stderr).toBe(0);
        expect(same.stdout).toContain(
          `Gate passed: CLI gate #2 (run ${same.stdout.split('\n')[0]}) against CLI gate #1 (run ${baseline.stdout.trim()})`,
        );

        const worse = await run([
          'run',
          '--experiment',
          experiment,
          '--tag',
          'feature',
          '--target-override',
          JSON.stringify({ url: bad.url }),
          '--wait',
        ]);
        expect(worse.code, worse.stderr).toBe(0);
        const markdown = join(folder, 'verdict.md');
        const junit = join(folder, 'verdict.xml');
        const failed = await run(['gate', ...gate, '--candidate', worse.stdout.trim(), '--markdown', markdown, '--junit', junit]);
        expect(failed.code, failed.stderr).toBe(1);
        expect(failed.stdout).toContain('FAIL  ndcg@2 drops at most 0.01 (α 0.05): 1.0000 → 0.0000 (-1.0000)');
        const summary = await readFile(markdown, 'utf8');
        expect(summary).toContain('## Search evaluation gate: ❌ failed');
        expect(summary).toContain('over 8 paired queries');
        expect(summary.split('\n').filter((line) => line.startsWith('| [query '))).toHaveLength(8);
        expect(await readFile(junit, 'utf8')).toContain('tests="1" failures="1"');

        const unreadable = await run(['gate', '--baseline', 'latest:main', '--candidate', worse.stdout.trim(), '--rule', 'ndcg@2:x']);
        expect(unreadable.code).toBe(2);
        expect(unreadable.stderr).toMatch(/GET \/api\/backend\/run-comparisons\/verdict: 400 .*rule/);
      } finally {
        await good.close();
        await bad.close();
      }
    });
  });
});
