import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachRunQuery, readQrels, trecOrder } from '../../../server/evaluation/trec-files';
import { forEachLine, parseScore, TrecFormatError } from '../../../server/evaluation/trec-lines';
import { formatValue } from '../../../server/evaluation/trec-eval';

const fixtures = 'test/server/fixtures/trec';

describe('TREC files', () => {
  it('reads qrels by query, skipping comments and blank lines', () => {
    const qrels = readQrels(`${fixtures}/qrels.txt`);
    expect([...qrels.keys()]).toEqual(['q1', 'q2', 'q3']);
    expect(qrels.get('q1')).toEqual(
      new Map([
        ['d1', 2],
        ['d2', 0],
        ['d3', 1],
        ['d4', 3],
      ]),
    );
  });

  it('orders a run by score descending, ties by docid descending, ignoring the rank column', () => {
    const seen: [string, readonly string[]][] = [];
    const summary = forEachRunQuery(`${fixtures}/run.txt`, (qid, ranking) => seen.push([qid, ranking]));
    expect(seen).toEqual([
      ['q1', ['d1', 'dX', 'd2', 'd3']],
      ['q2', ['e1', 'e2']],
      ['q9', ['z1']],
    ]);
    expect(summary).toEqual({ runId: 'test', lines: 7, queries: 3 });
    // strcmp order: 'b' > 'a' > 'B' > '10' > '1'
    expect(trecOrder(['1', 'a', '10', 'B', 'b', 'z'], [1, 1, 1, 1, 1, 2]).map((i) => ['1', 'a', '10', 'B', 'b', 'z'][i])).toEqual([
      'z',
      'b',
      'a',
      'B',
      '10',
      '1',
    ]);
  });

  it('reports a non-contiguous query again with all its lines', () => {
    const last = new Map<string, readonly string[]>();
    forEachRunQuery(`${fixtures}/run-split.txt`, (qid, ranking) => last.set(qid, ranking));
    expect(last.get('q1')).toEqual(['d1', 'dX', 'd2', 'd3']);
    expect(last.get('q2')).toEqual(['e1', 'e2']);
  });

  it('names the file and line of malformed or duplicate lines', () => {
    const folder = mkdtempSync(join(tmpdir(), 'trec-files-'));
    const file = join(folder, 'dup.run');
    writeFileSync(file, 'q1 Q0 a 1 2 t\nq1 Q0 a 2 1 t\n');
    expect(() => forEachRunQuery(file, () => {})).toThrow(new TrecFormatError(file, 2, 'document a is retrieved twice for query q1'));
    writeFileSync(file, 'q1 Q0 a 1 high t\n');
    expect(() => forEachRunQuery(file, () => {})).toThrow(`${file}:1: score "high" is not a number`);
    writeFileSync(file, 'q1 0 a 1 extra\n');
    expect(() => readQrels(file)).toThrow(`${file}:1: expected 4 fields "qid iter docid grade", found 5`);
  });

  it('finds a document retrieved twice among a thousand results of one query', () => {
    const folder = mkdtempSync(join(tmpdir(), 'trec-files-'));
    const file = join(folder, 'long.run');
    const lines = Array.from({ length: 1000 }, (_, i) => `q1 Q0 doc-${i} ${i + 1} ${1000 - i} t`);
    writeFileSync(file, [...lines, 'q1 Q0 doc-517 1001 0 t'].join('\n'));
    expect(() => forEachRunQuery(file, () => {})).toThrow(
      new TrecFormatError(file, 1001, 'document doc-517 is retrieved twice for query q1'),
    );
    // The same when q1 comes back after another query and its lines are gathered again.
    writeFileSync(file, [...lines, 'q2 Q0 doc-1 1 1 t', 'q1 Q0 doc-517 1001 0 t'].join('\n'));
    expect(() => forEachRunQuery(file, () => {})).toThrow(
      new TrecFormatError(file, 1002, 'document doc-517 is retrieved twice for query q1'),
    );
    writeFileSync(file, lines.join('\n'));
    const rankings: (readonly string[])[] = [];
    forEachRunQuery(file, (_, ranking) => rankings.push(ranking));
    expect(rankings).toEqual([lines.map((_, i) => `doc-${i}`)]);
  });

  it('splits the queries of both files into shares that together hold each query once, whole', () => {
    const folder = mkdtempSync(join(tmpdir(), 'trec-files-'));
    const run = join(folder, 'shares.run');
    const qrels = join(folder, 'shares.qrels');
    const qids = Array.from({ length: 60 }, (_, q) => `query ${q}`.replace(' ', '-'));
    // Interleaved: every query's lines are split, so each share must gather its own across the file.
    writeFileSync(run, [0, 1, 2].flatMap((r) => qids.map((qid) => `${qid} Q0 d${r} ${r + 1} ${3 - r} t`)).join('\n'));
    writeFileSync(qrels, qids.map((qid) => `${qid} 0 d1 1`).join('\n'));
    const whole = new Map<string, readonly string[]>();
    forEachRunQuery(run, (qid, ranking) => whole.set(qid, ranking));
    const shared = new Map<string, readonly string[]>();
    const judged = new Set<string>();
    for (const index of [0, 1, 2]) {
      const share = { index, count: 3 };
      const inShare = new Map<string, readonly string[]>();
      forEachRunQuery(run, (qid, ranking) => inShare.set(qid, ranking), undefined, share);
      for (const [qid, ranking] of inShare) {
        expect(shared.has(qid)).toBe(false);
        shared.set(qid, ranking);
      }
      const shareQrels = readQrels(qrels, share);
      expect([...shareQrels.keys()].sort()).toEqual([...inShare.keys()].sort());
      for (const qid of shareQrels.keys()) judged.add(qid);
    }
    expect(shared).toEqual(whole);
    expect(whole.get('query-7')).toEqual(['d0', 'd1', 'd2']);
    expect(judged).toEqual(new Set(qids));
  });

  it('splits lines across chunk boundaries and grows for long lines', () => {
    const folder = mkdtempSync(join(tmpdir(), 'trec-lines-'));
    const file = join(folder, 'lines.txt');
    const lines = ['short', 'x'.repeat(40), '', 'last-without-newline'];
    writeFileSync(file, lines.join('\n'));
    const read: string[] = [];
    forEachLine(file, (buffer, start, end) => read.push(buffer.toString('latin1', start, end)), 8);
    expect(read).toEqual(lines);
  });

  it('parses scores exactly and prints values as printf("%6.4f") does', () => {
    const score = (text: string) => parseScore(Buffer.from(text), 0, text.length);
    expect(score('0.3')).toBe(0.3);
    expect(score('-12.75')).toBe(-12.75);
    expect(score('1e-3')).toBe(0.001);
    expect(score('12345678901234567.5')).toBe(12345678901234567.5);
    expect(score('nope')).toBeNaN();
    // exact binary ties round half to even like glibc; everything else as toFixed
    expect(formatValue(0.03125)).toBe('0.0312');
    expect(formatValue(0.09375)).toBe('0.0938');
    expect(formatValue(1 / 3)).toBe('0.3333');
    expect(formatValue(1)).toBe('1.0000');
    expect(formatValue(0)).toBe('0.0000');
  });
});
