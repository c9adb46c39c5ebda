#!/usr/bin/env node
/**
 * search-eval: start a run, wait for it, gate a change on its metrics and download its results from a CI job.
 *
 * One file with no dependencies (Node 20 or later: its built-ins and fetch), so a job can take it straight from
 * the server it talks to: `curl -fsSO $SEARCH_EVAL_URL/cli/search-eval.mjs && node search-eval.mjs --help`.
 * The pure parts (the event stream's parser, the Markdown and JUnit reports) are exported for the tests.
 */
import { once } from 'node:events';
import { createWriteStream, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const PASS = 0;
const FAIL = 1;
const ERROR = 2;

const HELP = `search-eval: run search evaluations and gate changes on them, from CI.

Usage: node search-eval.mjs <command> [options]

Commands:
  run --experiment ID [--tag T]... [--target-override JSON] [--wait] [--timeout SECONDS]
      Starts a run of the experiment and prints its id on stdout. --tag (repeatable) labels it, e.g. with the
      commit. --target-override replaces fields of the experiment's http search target for this run only,
      e.g. '{"url":"https://staging.example.com/search?q={query}"}' (the server checks it as it checks a
      saved target). --wait follows its progress on stderr until it ends: exit 0 when it succeeded, 1 when it
      failed or was cancelled. --timeout gives up waiting after SECONDS (exit 2; the run goes on).
      With --wait, the gate options below (--baseline and --rule, then --markdown, --junit) gate the new run
      in the same call once it succeeded: the exit code is then the gate's.

  gate --baseline latest:main|RUN --candidate RUN --rule METRIC:MAX_DROP[:ALPHA][,...] [--markdown FILE] [--junit FILE]
      Asks the server whether the candidate run may replace the baseline: each rule's metric may drop by at
      most MAX_DROP (p-values at ALPHA, adjusted for the number of rules). latest:TAG is the newest successful
      run of the candidate's experiment tagged TAG. Prints the checks; exit 0 when they pass, 1 when one fails. --markdown writes a summary
      for a CI job's page (e.g. $GITHUB_STEP_SUMMARY), --junit a JUnit XML report (one test case per rule).
      The candidate is a run id: the one \`run\` printed (RUN_ID=$(node search-eval.mjs run ... --wait)).

  export --run ID [--format csv|json|trec|qrels] [--out FILE]
      Downloads a run's results (csv by default; json: the run and every result) to FILE or stdout.

Options of every command:
  --server URL   the server, e.g. https://search-eval.example.com (or SEARCH_EVAL_URL)
  --help         this text

The key is read from SEARCH_EVAL_KEY (an API key or access token, sent as "Authorization: Bearer ...");
keep it in a CI secret.

Exit codes: 0 passed (or done), 1 failed (the run, or the gate), 2 error (bad options, the server
unreachable or refusing: its message is printed).
`;

/** A problem that ends the command with exit code 2: bad options, or the server refused or could not be reached. */
class CliError extends Error {
  constructor(message, status) {
    super(message);
    /** The HTTP status the server answered, when it did. */
    this.status = status;
  }
}

/** What a proxy answers while the server behind it restarts: worth trying again while following a run. */
const PASSING_TROUBLE = [502, 503, 504];

const GATE_OPTIONS = {
  baseline: { type: 'string' },
  rule: { type: 'string' },
  markdown: { type: 'string' },
  junit: { type: 'string' },
};
const COMMANDS = {
  run: {
    experiment: { type: 'string' },
    tag: { type: 'string', multiple: true },
    'target-override': { type: 'string' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
    ...GATE_OPTIONS,
  },
  gate: { ...GATE_OPTIONS, candidate: { type: 'string' } },
  export: { run: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
};
const COMMON_OPTIONS = { server: { type: 'string' }, help: { type: 'boolean', short: 'h' } };
const EXPORT_FILES = { csv: 'results.csv', trec: 'results.trec', qrels: 'results.qrels' };

// ---------------------------------------------------------------- pure parts

/**
 * Splits Server-Sent Events text into its events. `rest` is an unfinished event still arriving: prepend it to
 * the next chunk. Comment lines (the server's heartbeats) are skipped.
 */
export function parseEvents(text) {
  // A CR at the end may be the first half of a CRLF: it waits for the next chunk.
  const halfLineEnd = text.endsWith('\r') ? '\r' : '';
  const blocks = text
    .slice(0, text.length - halfLineEnd.length)
    .replace(/\r\n?/g, '\n')
    .split('\n\n');
  const rest = (blocks.pop() ?? '') + halfLineEnd;
  const events = [];
  for (const block of blocks) {
    let event = 'message';
    const data = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

const number = (value, digits = 4) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—');
const signed = (value) => (typeof value === 'number' && Number.isFinite(value) ? `${value >= 0 ? '+' : ''}${value.toFixed(4)}` : '—');
const pValue = (value) => (typeof value !== 'number' || !Number.isFinite(value) ? '—' : value < 0.001 ? '< 0.001' : value.toFixed(3));
const runLabel = (run) =>
  run?.experiment_name && run?.number ? `${run.experiment_name} #${run.number} (run ${run.id})` : `run ${run?.id}`;
const consoleUrl = (server, path, query = {}) => {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')).toString();
  return `${server.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
};
/** The rule a check stands for, as the gate's option writes it. */
const ruleOf = (check) => `${check.metric} drops at most ${check.max_drop}${check.alpha === undefined ? '' : ` (α ${check.alpha})`}`;
const multipleComparisons = (value) =>
  value === undefined || value === null
    ? ''
    : typeof value === 'object'
      ? Object.entries(value)
          .map(([key, inner]) => `${key}: ${typeof inner === 'object' ? JSON.stringify(inner) : inner}`)
          .join(', ')
      : String(value);

/** Text as a Markdown table cell shows it: no markup taken from it, on one line. */
const markdownText = (text) =>
  String(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()!|<>~]/g, '\\$&');

/**
 * A gate's verdict as Markdown for a CI job's summary page: pass or fail, each check's means, delta and
 * p-values, and the ten worst queries, linked to the console's comparison (the console is at `server`).
 */
export function verdictMarkdown(verdict, { server }) {
  const { baseline, candidate } = verdict;
  const checks = verdict.checks ?? [];
  // The server's own console paths when it gives them; else the comparison, filtered to a query.
  const compare = (query = {}) => consoleUrl(server, '/compare', { baseline: baseline?.id, candidate: candidate?.id, ...query });
  const consolePath = (path, fallback) => (typeof path === 'string' && path.startsWith('/') ? consoleUrl(server, path) : fallback);
  const lines = [
    `## Search evaluation gate: ${verdict.pass ? '✅ passed' : '❌ failed'}`,
    '',
    `Baseline [${markdownText(runLabel(baseline))}](${consoleUrl(server, `/experiment-run-results/${baseline?.id}`)}), ` +
      `candidate [${markdownText(runLabel(candidate))}](${consoleUrl(server, `/experiment-run-results/${candidate?.id}`)}): ` +
      `[compare them](${consolePath(verdict.console_path, compare())})` +
      (typeof verdict.paired === 'number' ? ` over ${verdict.paired} paired queries.` : '.'),
    '',
    '| Check | Baseline mean | Candidate mean | Delta | p-value | Adjusted p-value | Result |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...checks.map(
      (check) =>
        `| ${markdownText(ruleOf(check))} | ${number(check.baseline_mean)} | ${number(check.candidate_mean)} | ${signed(check.delta)} | ` +
        `${pValue(check.p_value)} | ${pValue(check.adjusted_p_value)} | ${check.failed ? `❌ ${markdownText(check.reason ?? 'failed')}` : '✅ passed'} |`,
    ),
  ];
  const adjustment = multipleComparisons(verdict.multiple_comparisons);
  if (adjustment) lines.push('', `Multiple comparisons: ${markdownText(adjustment)}.`);
  const worst = (verdict.worst_regressions ?? []).slice(0, 10);
  if (worst.length > 0) {
    const metric = worst[0].metric ?? checks[0]?.metric;
    lines.push(
      '',
      `### The ${worst.length === 1 ? 'worst query' : `${worst.length} worst queries`}${metric ? ` (${markdownText(metric)})` : ''}`,
      '',
      '| Query | Baseline | Candidate | Delta |',
      '| --- | ---: | ---: | ---: |',
      ...worst.map(
        (row) =>
          `| [${markdownText(row.query)}](${consolePath(row.console_path, compare({ metric, search: row.query }))}) | ${number(row.baseline)} | ${number(row.candidate)} | ${signed(row.delta)} |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Characters XML 1.0 cannot hold at all, and the five it must escape. */
const xmlText = (text) =>
  String(text)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);

/** A gate's verdict as JUnit XML: one test case per check, failed with the server's reason. */
export function verdictJunit(verdict) {
  const checks = verdict.checks ?? [];
  const cases = checks.map((check) => ({
    name: ruleOf(check),
    failure: check.failed ? (check.reason ?? 'failed') : undefined,
    details:
      `baseline mean ${number(check.baseline_mean)}, candidate mean ${number(check.candidate_mean)}, delta ${signed(check.delta)}, ` +
      `p-value ${pValue(check.p_value)}, adjusted p-value ${pValue(check.adjusted_p_value)}`,
  }));
  // A failing verdict always shows as a failed test, even when no single check carries the blame.
  if (!verdict.pass && !cases.some((testCase) => testCase.failure)) {
    cases.push({ name: 'gate', failure: verdict.reason ?? 'the server judged the candidate a regression', details: '' });
  }
  const failures = cases.filter((testCase) => testCase.failure).length;
  const suite = `search-eval gate: ${runLabel(verdict.baseline)} → ${runLabel(verdict.candidate)}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="search-eval" tests="${cases.length}" failures="${failures}" errors="0">`,
    `  <testsuite name="${xmlText(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
    ...cases.flatMap((testCase) => [
      `    <testcase classname="search-eval.gate" name="${xmlText(testCase.name)}">`,
      ...(testCase.failure
        ? [`      <failure message="${xmlText(testCase.failure)}" type="regression">${xmlText(testCase.details)}</failure>`]
        : []),
      ...(testCase.details && !testCase.failure ? [`      <system-out>${xmlText(testCase.details)}</system-out>`] : []),
      '    </testcase>',
    ]),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** The verdict as a job's log shows it. */
function verdictText(verdict) {
  const checks = (verdict.checks ?? []).map(
    (check) =>
      `${check.failed ? 'FAIL' : 'pass'}  ${ruleOf(check)}: ${number(check.baseline_mean)} → ${number(check.candidate_mean)} ` +
      `(${signed(check.delta)}), p ${pValue(check.p_value)}, adjusted ${pValue(check.adjusted_p_value)}` +
      (check.failed && check.reason ? `: ${check.reason}` : ''),
  );
  const verdictLine = `${verdict.pass ? 'Gate passed' : 'Gate failed'}: ${runLabel(verdict.candidate)} against ${runLabel(verdict.baseline)}`;
  return `${[...checks, verdictLine].join('\n')}\n`;
}

// ---------------------------------------------------------------- the server

/** Calls the server's API with the key; a refusal or an unreachable server is a CliError with its message. */
function apiClient(server, key) {
  const base = server.endsWith('/') ? server : `${server}/`;
  return async function call(path, { method = 'GET', body, accept = 'application/json', signal } = {}) {
    const headers = { accept, authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response;
    try {
      response = await fetch(new URL(path, base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new CliError(`cannot reach ${server}: ${error.cause?.message ?? error.message}`);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      let message = text.trim() || response.statusText;
      try {
        message = JSON.parse(text).message ?? message;
      } catch {
        // Not JSON (a proxy's page): its text is the message.
      }
      throw new CliError(`${method} ${new URL(path, base).pathname}: ${response.status} ${message}`, response.status);
    }
    return response;
  };
}

/** A finished run's means, as its page shows them. */
const summaryLine = ({ counted, mean_metrics: means = {} }) =>
  `${counted} ${counted === 1 ? 'query' : 'queries'} counted` +
  (Object.keys(means).length > 0
    ? `: ${Object.entries(means)
        .map(([metric, mean]) => `${metric} ${number(mean)}`)
        .join(', ')}`
    : '');

const runPath = (runId) => `api/backend/experiment-runs/${encodeURIComponent(runId)}`;
const progressLine = (state) =>
  `run ${state.id}: ${state.status}${state.progress?.total ? `, ${state.progress.done} of ${state.progress.total} entries` : ''}` +
  (state.error ? ` (${state.error})` : '');

/**
 * Follows the run's event stream until it ends, writing each change to stderr; a dropped connection is
 * opened again. Answers the ended run's state; throws a CliError once `timeoutSeconds` have passed.
 */
async function followRun(call, runId, timeoutSeconds, stderr) {
  const deadline = timeoutSeconds === undefined ? Infinity : Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new CliError(`run ${runId} did not end within ${timeoutSeconds} s; it goes on`);
    const signal = Number.isFinite(left) ? AbortSignal.timeout(left) : undefined;
    try {
      const response = await call(`${runPath(runId)}/events`, { accept: 'text/event-stream', signal });
      const decoder = new TextDecoder();
      let pending = '';
      for await (const chunk of response.body) {
        const { events, rest } = parseEvents(pending + decoder.decode(chunk, { stream: true }));
        pending = rest;
        for (const { event, data } of events) {
          const state = JSON.parse(data);
          stderr.write(`${progressLine(state)}\n`);
          if (event === 'end') return state;
        }
      }
    } catch (error) {
      if (error instanceof CliError && !PASSING_TROUBLE.includes(error.status)) throw error;
      if (!signal?.aborted) stderr.write(`lost the connection to the server (${error.cause?.message ?? error.message}); following again\n`);
    }
    if (!signal?.aborted) await sleep(1000);
  }
}

async function write(out, text) {
  if (!out.write(text)) await once(out, 'drain');
}

/** A file to write to, or stdout; `done` closes the file and waits until it is written. */
function destination(file, stdout) {
  if (file === undefined) return { out: stdout, done: async () => {} };
  const out = createWriteStream(file);
  const failed = new Promise((_resolve, reject) =>
    out.once('error', (error) => reject(new CliError(`cannot write ${file}: ${error.message}`))),
  );
  failed.catch(() => {});
  return {
    out,
    done: () => Promise.race([failed, new Promise((resolve) => out.end(resolve))]),
  };
}

// ---------------------------------------------------------------- the commands

const positiveId = (value, flag) => {
  if (value === undefined) throw new CliError(`--${flag} is required`);
  if (!/^[1-9][0-9]*$/.test(value))
    throw new CliError(`--${flag} must be a run's or experiment's id (a positive whole number); got ${JSON.stringify(value)}`);
  return value;
};

async function gate(call, options, candidate, { server, stdout }) {
  if (!options.baseline) throw new CliError('--baseline is required (a run id, or latest:TAG such as latest:main)');
  if (!options.rule) throw new CliError('--rule is required, e.g. --rule ndcg@10:0.01');
  const query = new URLSearchParams({ baseline: options.baseline, candidate, rule: options.rule });
  const verdict = await (await call(`api/backend/run-comparisons/verdict?${query}`)).json();
  await write(stdout, verdictText(verdict));
  try {
    if (options.markdown) await writeFile(options.markdown, verdictMarkdown(verdict, { server }));
    if (options.junit) await writeFile(options.junit, verdictJunit(verdict));
  } catch (error) {
    throw new CliError(`cannot write the report: ${error.message}`);
  }
  return verdict.pass ? PASS : FAIL;
}

async function runCommand(call, options, io) {
  const experiment = positiveId(options.experiment, 'experiment');
  const gated = options.rule !== undefined || options.baseline !== undefined;
  if (gated && !options.wait) throw new CliError('--baseline and --rule gate the run once it ends: add --wait');
  if (!gated && (options.markdown !== undefined || options.junit !== undefined))
    throw new CliError('--markdown and --junit report a gate: add --baseline and --rule');
  let timeout;
  if (options.timeout !== undefined) {
    timeout = Number(options.timeout);
    if (!(timeout > 0)) throw new CliError(`--timeout must be a number of seconds above 0; got ${JSON.stringify(options.timeout)}`);
  }
  const body = { tags: options.tag ?? [] };
  if (options['target-override'] !== undefined) {
    let override;
    try {
      override = JSON.parse(options['target-override']);
    } catch (error) {
      throw new CliError(`--target-override must be a JSON object: ${error.message}`);
    }
    if (typeof override !== 'object' || override === null || Array.isArray(override))
      throw new CliError('--target-override must be a JSON object');
    body.search_target = override;
  }
  const run = await (await call(`api/backend/experiments/${experiment}/runs`, { method: 'POST', body })).json();
  await write(io.stdout, `${run.id}\n`);
  if (!options.wait) return PASS;
  const ended = await followRun(call, run.id, timeout, io.stderr);
  if (ended.status !== 'success') return FAIL;
  const { summary } = await (await call(runPath(run.id))).json();
  if (summary) await write(io.stderr, `run ${run.id}: ${summaryLine(summary)}\n`);
  return gated ? gate(call, options, String(run.id), io) : PASS;
}

async function exportCommand(call, options, { stdout }) {
  const runId = positiveId(options.run, 'run');
  const format = options.format ?? 'csv';
  if (format !== 'json' && !(format in EXPORT_FILES))
    throw new CliError(`--format must be csv, json, trec or qrels; got ${JSON.stringify(format)}`);
  const chunks =
    format === 'json'
      ? jsonExport(call, runId)
      : (async function* () {
          yield* (await call(`${runPath(runId)}/${EXPORT_FILES[format]}`, { accept: '*/*' })).body;
        })();
  // The first answer comes before the file is made, so a refusal leaves no empty file behind.
  const first = await chunks.next();
  const { out, done } = destination(options.out, stdout);
  if (!first.done) await write(out, first.value);
  for await (const chunk of chunks) await write(out, chunk);
  await done();
  return PASS;
}

/** The run and all its results, a page at a time, as one JSON document. */
async function* jsonExport(call, runId) {
  const run = await (await call(runPath(runId))).json();
  yield `{"run":${JSON.stringify(run)},"results":[`;
  const pageSize = 1000;
  for (let page = 1, first = true; ; page++) {
    const results = await (await call(`${runPath(runId)}/results?page=${page}&page_size=${pageSize}`)).json();
    for (const result of results) {
      yield `${first ? '' : ','}\n${JSON.stringify(result)}`;
      first = false;
    }
    if (results.length < pageSize) break;
  }
  yield '\n]}\n';
}

/** Runs one command line; answers the exit code. */
export async function main(argv, { env = process.env, stdout = process.stdout, stderr = process.stderr } = {}) {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? stderr : stdout).write(HELP);
    return command === undefined ? ERROR : PASS;
  }
  try {
    if (!(command in COMMANDS)) throw new CliError(`unknown command ${JSON.stringify(command)}: run, gate or export (--help says more)`);
    let options;
    try {
      ({ values: options } = parseArgs({
        args: rest,
        options: { ...COMMON_OPTIONS, ...COMMANDS[command] },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      throw new CliError(`${error.message} (search-eval ${command} --help says which options it takes)`);
    }
    if (options.help) {
      stdout.write(HELP);
      return PASS;
    }
    const server = options.server ?? env.SEARCH_EVAL_URL;
    if (!server) throw new CliError('say which server: --server URL, or SEARCH_EVAL_URL');
    if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol))
      throw new CliError(`--server must be an http:// or https:// URL; got ${JSON.stringify(server)}`);
    const key = env.SEARCH_EVAL_KEY;
    if (!key) throw new CliError('set SEARCH_EVAL_KEY to an API key or access token (a CI secret)');
    const call = apiClient(server, key);
    const io = { server, stdout, stderr };
    if (command === 'run') return await runCommand(call, options, io);
    if (command === 'export') return await exportCommand(call, options, io);
    if (options.candidate === undefined) throw new CliError('--candidate is required: the run id that `run` printed');
    return await gate(call, options, options.candidate, io);
  } catch (error) {
    stderr.write(`search-eval: ${error instanceof CliError ? error.message : (error.stack ?? error)}\n`);
    return ERROR;
  }
}

/** Whether node runs this file (rather than a test importing it), under whatever link or relative path it was given. */
function invokedDirectly() {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) process.exitCode = await main(process.argv.slice(2));
