import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/evaluation/seeded-random';

const fixtures = 'test/server/fixtures/trec';

function metrics(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/metrics.ts', ...args], { encoding: 'latin1' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `measure<TAB>query<TAB>value` lines as [measure, query, value] with the padding trimmed. */
const rows = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => line.split('\t').map((field) => field.trim()));

// Fixture by hand (k = 3). q1's run sorts to d1 (0.9), dX (0.5), d2 (0.5), d3 (0.1): the tie goes to
// the larger docid ('X' > '2'), the rank column is ignored. Grades: d1 2, dX unjudged, d2 0, d3 1;
// d4 (3) is judged but not returned. Relevant (grade >= 1): d1, d3, d4.
//   map = (1/1 + 2/4) / 3 = 0.5; recip_rank = 1; P_3 = 1/3; recall_3 = 1/3
//   ndcg_cut_3 = 2 / (3 + 2/log2(3) + 1/log2(4)) = 2 / 4.76186 = 0.4200
// q2 has nothing relevant: every measure 0. q3 has no run; q9 has no judgements.
describe('npm run metrics', () => {
  it('prints trec_eval-style per-query and summary lines', () => {
    const { code, stdout, stderr } = metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '-k', '3', '-q');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`${'num_ret'.padEnd(22)}\tq1\t4`);
    expect(rows(stdout)).toEqual([
      ['num_ret', 'q1', '4'],
      ['num_rel', 'q1', '3'],
      ['num_rel_ret', 'q1', '2'],
      ['map', 'q1', '0.5000'],
      ['recip_rank', 'q1', '1.0000'],
      ['P_3', 'q1', '0.3333'],
      ['recall_3', 'q1', '0.3333'],
      ['ndcg_cut_3', 'q1', '0.4200'],
      ['F1_3', 'q1', '0.3333'],
      ['num_ret', 'q2', '2'],
      ['num_rel', 'q2', '0'],
      ['num_rel_ret', 'q2', '0'],
      ['map', 'q2', '0.0000'],
      ['recip_rank', 'q2', '0.0000'],
      ['P_3', 'q2', '0.0000'],
      ['recall_3', 'q2', '0.0000'],
      ['ndcg_cut_3', 'q2', '0.0000'],
      ['F1_3', 'q2', '0.0000'],
      ['runid', 'all', 'test'],
      ['num_q', 'all', '2'],
      ['num_ret', 'all', '6'],
      ['num_rel', 'all', '3'],
      ['num_rel_ret', 'all', '2'],
      // means over the 2 queries: 0.5/2, 1/2, (1/3)/2, (1/3)/2, 0.42/2
      ['map', 'all', '0.2500'],
      ['recip_rank', 'all', '0.5000'],
      ['P_3', 'all', '0.1667'],
      ['recall_3', 'all', '0.1667'],
      ['ndcg_cut_3', 'all', '0.2100'],
      ['F1_3', 'all', '0.1667'],
    ]);
    expect(stderr).toBe('metrics: 1 of 2 queries have no judgement above 0 and score 0 on every measure\n');
  });

  it('averages over every judged query with -c, as trec_eval does', () => {
    const { code, stdout } = metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '-k', '3', '-c');
    expect(code).toBe(0);
    // q3 joins with zeros: num_rel 3 + 0 + 1; means over 3 queries: 0.5/3, 1/3, (1/3)/3, (1/3)/3, 0.42/3
    expect(rows(stdout)).toEqual([
      ['runid', 'all', 'test'],
      ['num_q', 'all', '3'],
      ['num_ret', 'all', '6'],
      ['num_rel', 'all', '4'],
      ['num_rel_ret', 'all', '2'],
      ['map', 'all', '0.1667'],
      ['recip_rank', 'all', '0.3333'],
      ['P_3', 'all', '0.1111'],
      ['recall_3', 'all', '0.1111'],
      ['ndcg_cut_3', 'all', '0.1400'],
      ['F1_3', 'all', '0.1111'],
    ]);
  });

  it('with -c -q prints lines only for the queries the run has, as trec_eval does, and averages over every judged query', () => {
    const { code, stdout } = metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '-k', '3', '-c', '-q');
    expect(code).toBe(0);
    const lines = rows(stdout);
    // q3 is judged but not in the run: no line of its own, yet it counts in num_q and the means.
    expect([...new Set(lines.map(([, qid]) => qid))]).toEqual(['q1', 'q2', 'all']);
    const perQuery = rows(metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '-k', '3', '-q').stdout).filter(
      ([, qid]) => qid !== 'all',
    );
    expect(lines.filter(([, qid]) => qid !== 'all')).toEqual(perQuery);
    expect(lines.filter(([, qid]) => qid === 'all')).toEqual(
      rows(metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '-k', '3', '-c').stdout),
    );
    expect(lines.find(([name, qid]) => name === 'num_q' && qid === 'all')).toEqual(['num_q', 'all', '3']);
  });

  it('names exponential gain and honours --relevant-from', () => {
    // exponential: 3 / (7 + 3/log2(3) + 1/2) = 3 / 9.39279 = 0.3194 for q1.
    // relevant from 2: d1, d4 relevant; map = (1/1)/2; recall_3 = 1/2; nDCG gains are the grades regardless.
    const { stdout } = metrics(
      `${fixtures}/qrels.txt`,
      `${fixtures}/run.txt`,
      '-k',
      '3',
      '-q',
      '--gain',
      'exponential',
      '--relevant-from',
      '2',
    );
    const q1 = rows(stdout).filter(([, qid]) => qid === 'q1');
    expect(q1).toEqual([
      ['num_ret', 'q1', '4'],
      ['num_rel', 'q1', '2'],
      ['num_rel_ret', 'q1', '1'],
      ['map', 'q1', '0.5000'],
      ['recip_rank', 'q1', '1.0000'],
      ['P_3', 'q1', '0.3333'],
      ['recall_3', 'q1', '0.5000'],
      ['ndcg_cut_exp_3', 'q1', '0.3194'],
      // 2 · (1/3 · 1/2) / (1/3 + 1/2)
      ['F1_3', 'q1', '0.4000'],
    ]);
  });

  it('says which queries score 0 on which measures', () => {
    // From 4, q1 (grades up to 3) has nothing relevant, yet its nDCG stands; q2 is judged only 0.
    const { stdout, stderr } = metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '-k', '3', '-q', '--relevant-from', '4');
    expect(rows(stdout).filter(([name, qid]) => qid === 'q1' && ['P_3', 'ndcg_cut_3', 'F1_3', 'map'].includes(name))).toEqual([
      ['map', 'q1', '0.0000'],
      ['P_3', 'q1', '0.0000'],
      ['ndcg_cut_3', 'q1', '0.4200'],
      ['F1_3', 'q1', '0.0000'],
    ]);
    expect(stderr).toBe(
      'metrics: 1 of 2 queries have no judgement above 0 and score 0 on every measure\n' +
        'metrics: 1 of 2 queries have no judgement of 4 or more: they score 0 on every measure but nDCG\n',
    );
  });

  it('scores a run whose queries are not contiguous exactly like the sorted one', () => {
    const sorted = metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '-k', '3', '-q');
    const split = metrics(`${fixtures}/qrels.txt`, `${fixtures}/run-split.txt`, '-k', '3', '-q');
    expect(split.stdout).toBe(sorted.stdout);
  });

  it('names the file and line of a malformed line, and rejects bad options', () => {
    const run = metrics(`${fixtures}/qrels.txt`, `${fixtures}/run-malformed.txt`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${fixtures}/run-malformed.txt:2: expected 6 fields "qid iter docid rank score tag", found 5`);
    const qrels = metrics(`${fixtures}/qrels-malformed.txt`, `${fixtures}/run.txt`);
    expect(qrels.stderr).toContain(`${fixtures}/qrels-malformed.txt:2: grade "high" is not an integer`);
    expect(metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '-k', '0').stderr).toContain('-k must be a positive integer');
    expect(metrics(`${fixtures}/qrels.txt`, `${fixtures}/run.txt`, '--threads', '0').stderr).toContain(
      '--threads must be an integer from 1 to 64',
    );
    expect(metrics(`${fixtures}/qrels.txt`).code).toBe(1);
    expect(metrics(`${fixtures}/qrels.txt`, `${fixtures}/nope.txt`).stderr).toContain('cannot read');
  });
});

describe('npm run metrics on several threads', () => {
  // 400 queries of 30 results, judged or not, some judged only 0, some missing from the run, and a
  // tenth of them split into two runs of lines far apart: each thread must score its share whole.
  const folder = mkdtempSync(join(tmpdir(), 'metrics-threads-'));
  const qrels = join(folder, 'bench.qrels');
  const run = join(folder, 'bench.run');
  const random = seededRandom(7).next;
  const qrelsLines: string[] = [];
  const head: string[] = [];
  const tail: string[] = [];
  for (let q = 0; q < 400; q++) {
    const qid = `topic-${q}`;
    if (q % 7 !== 0) {
      for (let d = 0; d < 12; d++)
        qrelsLines.push(`${qid} 0 doc-${Math.floor(random() * 3)}-${d} ${q % 11 === 0 ? 0 : Math.floor(random() * 4)}`);
    }
    if (q % 13 === 0) continue; // judged, never retrieved
    for (let r = 0; r < 30; r++) {
      const line = `${qid} Q0 doc-${Math.floor(random() * 3)}-${r} ${r + 1} ${(random() * 10).toFixed(3)} threads`;
      (q % 10 === 3 && r >= 20 ? tail : head).push(line);
    }
  }
  writeFileSync(qrels, `${qrelsLines.join('\n')}\n`);
  writeFileSync(run, `${[...head, ...tail].join('\n')}\n`);

  it('prints byte for byte what one thread prints', () => {
    for (const [options, threads] of [
      [
        ['-q', '-c'],
        ['2', '3'],
      ],
      [['-q', '--gain', 'exponential', '--relevant-from', '2'], ['2']],
    ]) {
      const one = metrics(qrels, run, '-k', '5', ...options, '--threads', '1');
      expect(one.code).toBe(0);
      expect(one.stdout).toMatch(/^ndcg_cut(_exp)?_5 +\ttopic-398\t/m);
      expect(one.stderr).toContain('have no judgement above 0');
      for (const count of threads) expect(metrics(qrels, run, '-k', '5', ...options, '--threads', count)).toEqual(one);
    }
  });

  it('names the same first malformed line as one thread does, the qrels before the run', () => {
    const badRun = join(folder, 'bad.run');
    const lines = [...head, ...tail];
    lines[700] = lines[700].replace(/ [\d.]+ threads$/, ' high threads');
    lines[150] = lines[150].replace(/ Q0 /, ' ');
    writeFileSync(badRun, `${lines.join('\n')}\n`);
    // Line 151 (topic-6) is in the worker's share, line 701 (topic-27) in the first thread's: the earlier line is told.
    const refused = metrics(qrels, badRun, '--threads', '2');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`metrics: ${badRun}:151: expected 6 fields "qid iter docid rank score tag", found 5\n`);

    const badQrels = join(folder, 'bad.qrels');
    writeFileSync(badQrels, `${qrelsLines.map((line, i) => (i === 900 ? line.replace(/\d$/, 'x') : line)).join('\n')}\n`);
    const both = metrics(badQrels, badRun, '--threads', '2');
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(`metrics: ${badQrels}:901: grade "x" is not an integer\n`);
  });
});
