// Alerts with the gate's own verdict (no fake): eight queries whose products the catalogue renames away
// between two scheduled runs make a drop the gate calls significant, and the webhook is told once; an
// unchanged catalogue is noise, and nothing is sent. A rule the gate cannot read is refused naming rule.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateVerdict } from '../../server/alerts/gate-verdict';
import { RunAlerts } from '../../server/alerts/run-alerts';
import { ScheduledRuns } from '../../server/schedules/scheduled-runs';
import { startEngineRuns, type EngineRuns } from './helpers/engine-run';
import { backends, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const MINUTE = 60_000;
const WORDS = ['sofa', 'table', 'lamp', 'rug', 'chair', 'desk', 'shelf', 'bed'];
const CATALOGUE = ['product_id,name,description', ...WORDS.map((word, i) => `p${i},Oak ${word},Solid`)].join('\n');
// The same products renamed: no query finds its product any more.
const RENAMED = ['product_id,name,description', ...WORDS.map((_, i) => `p${i},Item ${i},Plain`)].join('\n');
const JUDGEMENTS = ['query,product_id,relevance', ...WORDS.map((word, i) => `oak ${word},p${i},3`)].join('\n');

describe.each(backends)("alerts with the gate's verdict (%s)", (backend) => {
  let engine: EngineRuns;
  let t: TestApp;
  let server: Server;
  let url: string;
  const caught: unknown[] = [];
  let alerts: RunAlerts;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        caught.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    alerts = new RunAlerts({
      verdict: gateVerdict(),
      publicUrl: 'http://console.test',
      retryDelaysMs: [10],
    });
    engine = await startEngineRuns(
      backend,
      { name: 'Gated', catalogue: CATALOGUE, judgements: JUDGEMENTS },
      { slice: { onEnded: alerts.onEnded } },
    );
    t = engine.t;
    for (const word of WORDS) await engine.addEntry(`oak ${word}`);
  }, 90_000);
  afterAll(async () => {
    await alerts?.settled();
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("refuses a rule the gate cannot read, with the gate's reason naming rule", async () => {
    const experimentId = await engine.addExperiment('Refused', { k: 3 });
    const refused = await t.call('POST', `${API}/experiments/${experimentId}/alerts`, { rule: 'ndcg@3', webhook_url: url });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('body.rule "ndcg@3" must be metric:max_drop[:alpha], e.g. ndcg@10:0.01:0.05');
  });

  it('tells the webhook once of a significant drop, and nothing of noise', async () => {
    const experimentId = await engine.addExperiment('Gated', { k: 3 });
    const made = await t.call('POST', `${API}/experiments/${experimentId}/alerts`, { rule: 'ndcg@3:0.01', webhook_url: url });
    expect(made.statusCode, made.body).toBe(201);
    await t.call('PUT', `${API}/experiments/${experimentId}/schedule`, { cron: '* * * * *', enabled: true });
    const since = (
      await t.db.query<{ at: string }>('SELECT active_since AS at FROM experiment_schedules WHERE experiment_id = $1', [experimentId])
    ).rows[0].at;
    const ticks = new ScheduledRuns(t.db, t.runQueue!);
    let minute = Date.parse(since);
    const nextRun = async () => {
      minute += MINUTE;
      const [tick] = await ticks.tick(new Date(minute));
      const run = await t.runUntilEnded(tick.run_id!);
      await alerts.settled();
      return run;
    };
    await nextRun();
    const same = await nextRun();
    expect(caught).toEqual([]);
    await engine.importCatalogue(RENAMED);
    const dropped = await nextRun();
    expect(caught).toHaveLength(1);
    expect(caught[0]).toMatchObject({
      run: { id: dropped.id },
      baseline: { id: same.id },
      pass: false,
      checks: [expect.objectContaining({ metric: 'ndcg@3', failed: true })],
    });
  });
});
