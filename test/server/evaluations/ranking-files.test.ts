// Ranking files as users upload them (a TREC run, a CSV, JSON Lines): each query's ranking in the order
// trec_eval would score it, scattered queries grouped, and a file with any bad line refused whole,
// naming each problem's line (or row) and field.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  RANKING_FORMATS,
  rankingFormat,
  readRankingFile,
  type QueryRanking,
  type RankingFileOptions,
  type RankingFormat,
} from '../../../server/evaluations/ranking-files';
import type { TrecQuery } from '../../../server/golden-sets/judgement-rows';
import { ImportRejectedError } from '../../../server/import/import-problems';
import { queryKey } from '../../../server/evaluation/query-key';
import { MAX_PROBLEMS } from '../../../server/schemas/limits';

/** The file's bytes in small chunks, as a network delivers them: lines and UTF-8 characters cut in the middle. */
const chunked = (text: string, size = 7) => {
  const bytes = Buffer.from(text);
  return Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));
};

async function rankings(text: string, options: RankingFileOptions | RankingFormat) {
  const file = await readRankingFile(chunked(text), typeof options === 'string' ? { format: options } : options);
  return [...file.rankings()].map(({ query, ranking }) => [query, ranking]);
}

async function refusal(text: string, options: RankingFileOptions | RankingFormat): Promise<ImportRejectedError> {
  const read = readRankingFile(chunked(text), typeof options === 'string' ? { format: options } : options);
  const error = await read.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ImportRejectedError);
  return error as ImportRejectedError;
}

const places = (error: ImportRejectedError) => error.problems.map(({ row, column }) => [row, column]);

const queriesFile = (entries: Record<string, string>) =>
  new Map<string, TrecQuery>(Object.entries(entries).map(([qid, query], i) => [qid, { query, queryKey: queryKey(query), row: i + 1 }]));

describe('TREC run ranking files', () => {
  it('orders each query as trec_eval does: score descending, ties by docid descending in byte order, rank ignored', async () => {
    const run = [
      'sofa Q0 d1 1 0.5 tag',
      'sofa Q0 d3 2 0.9 tag',
      'sofa Q0 b 3 0.5 tag',
      'sofa Q0 B 4 0.5 tag',
      'sofa Q0 10 5 0.5 tag',
      'lamp Q0 x 1 2 tag',
    ].join('\n');
    expect(await rankings(run, 'trec')).toEqual([
      ['sofa', ['d3', 'd1', 'b', 'B', '10']],
      ['lamp', ['x']],
    ]);
  });

  it('groups a query whose lines are scattered over the file, skipping comments and blank lines', async () => {
    const run = ['# a comment', 'q1 Q0 a 1 3 t', '', 'q2 Q0 c 1 1 t', 'q1 Q0 b 2 4 t', 'q1 Q0 e 3 1 t', ''].join('\n');
    expect(await rankings(run, 'trec')).toEqual([
      ['q1', ['b', 'a', 'e']],
      ['q2', ['c']],
    ]);
  });

  it('maps qids to query texts with a queries file', async () => {
    const run = 'q1 Q0 a 1 3 t\nq2 Q0 b 1 3 t\n';
    const file = await readRankingFile(chunked(run), { format: 'trec', queries: queriesFile({ q1: 'Red Sofa', q2: 'lamp' }) });
    expect([...file.rankings()]).toEqual<QueryRanking[]>([
      { query: 'Red Sofa', queryKey: 'red sofa', ranking: ['a'] },
      { query: 'lamp', queryKey: 'lamp', ranking: ['b'] },
    ]);
    expect([file.queries, file.results]).toEqual([2, 2]);
  });

  it('refuses a qid missing from the queries file, naming its first line', async () => {
    const run = 'q1 Q0 a 1 3 t\nq9 Q0 b 1 3 t\nq9 Q0 c 2 2 t\n';
    const error = await refusal(run, { format: 'trec', queries: queriesFile({ q1: 'sofa' }) });
    expect(error.problems).toEqual([{ row: 2, column: 'qid', problem: 'query id q9 is not in the queries file' }]);
    expect(error.message).toMatch(/^Nothing was imported: the run file has 1 problem; the first is at line 2, field "qid"/);
  });

  it('names the line and field of each bad line', async () => {
    const run = [
      'q1 Q0 a 1 3 t',
      'q1 Q0 b 2 x t',
      'q1 Q0 c 3',
      'q1 Q0 a 4 1 t',
      `q1 Q0 ${'z'.repeat(1001)} 5 1 t`,
      'q1 Q0 \u00e9\u0000 6 1 t',
    ].join('\n');
    const error = await refusal(run, 'trec');
    expect(places(error)).toEqual([
      [2, 'score'],
      [3, null],
      [4, 'docid'],
      [5, 'docid'],
      [6, 'docid'],
    ]);
    expect(error.problems[1].problem).toBe('expected 6 fields "qid Q0 docid rank score tag", found 4');
    expect(error.problems[2].problem).toBe('is a product already ranked for the query "q1" on line 1: a ranking lists each product once');
  });

  it('refuses a product given twice for a query even when the two lines are far apart', async () => {
    const run = 'q1 Q0 a 1 3 t\nq2 Q0 a 1 3 t\nq1 Q0 b 2 2 t\nq1 Q0 a 3 1 t\n';
    const error = await refusal(run, 'trec');
    expect(error.problems).toEqual([
      { row: 4, column: 'docid', problem: 'is a product already ranked for the query "q1" on line 1: a ranking lists each product once' },
    ]);
  });

  it('drops a BOM and reads CRLF lines, but refuses lines ended by a bare CR rather than read only the first', async () => {
    expect(await rankings('\uFEFFq1 Q0 a 1 1 t\r\nq1 Q0 b 2 2 t\r\n', 'trec')).toEqual([['q1', ['b', 'a']]]);
    const error = await refusal('q1 Q0 a 1 1 t\rq1 Q0 b 2 2 t\r', 'trec');
    expect(error.problems).toEqual([
      { row: 1, column: null, problem: 'has a line break (CR) within it: save the file with LF or CRLF line ends' },
    ]);
  });

  it('refuses an id that is not UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('q1 Q0 '), Buffer.from([0xff, 0x41]), Buffer.from(' 1 1 t\n')]);
    const error = await readRankingFile(Readable.from([bytes]), { format: 'trec' }).catch((caught: unknown) => caught);
    expect((error as ImportRejectedError).problems).toEqual([
      { row: 1, column: 'docid', problem: expect.stringContaining('not valid UTF-8') },
    ]);
  });
});

describe('CSV ranking files', () => {
  it('orders by score as trec_eval does when every row has one, columns in any order', async () => {
    const csv = 'Score,Product_ID,query,rank\n0.5,d1,sofa,1\n0.9,d3,sofa,2\n0.5,b,sofa,3\n0.5,10,sofa,4\n';
    expect(await rankings(csv, 'csv')).toEqual([['sofa', ['d3', 'd1', 'b', '10']]]);
  });

  it('orders by rank when there is no score, or the column is blank for the query', async () => {
    const csv = ['query,product_id,rank,score', 'sofa,a,3,', 'sofa,b,1,', 'lamp,x,2,', 'sofa,c,2,', 'lamp,y,1,'].join('\n');
    expect(await rankings(csv, 'csv')).toEqual([
      ['sofa', ['b', 'c', 'a']],
      ['lamp', ['y', 'x']],
    ]);
    expect(await rankings('query,product_id,rank\nsofa,a,2\nsofa,b,1\n', 'csv')).toEqual([['sofa', ['b', 'a']]]);
  });

  it('trims product ids, keeps the query text as given, and groups queries that differ only in case and spacing', async () => {
    const csv = 'query,product_id,rank\n"Red  Sofa", a ,1\nred sofa,b,2\n';
    const file = await readRankingFile(chunked(csv), { format: 'csv' });
    expect([...file.rankings()]).toEqual([{ query: 'Red  Sofa', queryKey: 'red sofa', ranking: ['a', 'b'] }]);
  });

  it('drops a BOM and reads CRLF rows and quoted cells', async () => {
    expect(await rankings('\uFEFFquery,product_id,rank\r\n"sofa, red",a,1\r\n"sofa, red","b""2",2\r\n', 'csv')).toEqual([
      ['sofa, red', ['a', 'b"2']],
    ]);
  });

  it('names the row and column of each bad row', async () => {
    const csv = [
      'query,product_id,rank,score',
      ',a,1,1',
      'sofa,,1,1',
      'sofa,b,0,1',
      'sofa,c,2,high',
      'sofa,d,3',
      'sofa,e,4,1',
      'sofa,e,5,1',
    ].join('\n');
    const error = await refusal(csv, 'csv');
    expect(places(error)).toEqual([
      [2, 'query'],
      [3, 'product_id'],
      [4, 'rank'],
      [5, 'score'],
      [6, null],
      [8, 'product_id'],
    ]);
    expect(error.problems[2].problem).toBe('must be a whole number from 1 (1 is the best), not "0"');
    expect(error.problems[4].problem).toBe('has 3 cells but the header has 4');
    expect(error.message).toMatch(
      /^Nothing was imported: the CSV file has 6 problems; the first is at row 2, column "query": must not be blank/,
    );
  });

  it('refuses scores on some rows of a query but not all, and a rank given twice when ranks order', async () => {
    const csv = ['query,product_id,rank,score', 'sofa,a,1,2', 'lamp,x,1,', 'sofa,b,2,', 'lamp,y,1,'].join('\n');
    const error = await refusal(csv, 'csv');
    expect(error.problems).toEqual([
      { row: 4, column: 'score', problem: 'is blank, but other rows of the query "sofa" have one (give all or none a score)' },
      {
        row: 5,
        column: 'rank',
        problem: '1 is also the rank of row 3 for the query "lamp": without scores, ranks order the results, so each must differ',
      },
    ]);
  });

  it('refuses a header with a missing, repeated or unknown column', async () => {
    const error = await refusal('query,product,rank,rank\nsofa,a,1,1\n', 'csv');
    expect(error.problems).toEqual([
      { row: 1, column: 'product', problem: 'is not a column of this format (query, product_id, rank, score; score is optional)' },
      { row: 1, column: 'rank', problem: 'appears more than once in the header' },
      { row: 1, column: 'product_id', problem: 'required column is missing from the header' },
    ]);
    expect((await refusal('', 'csv')).message).toMatch(/the file is empty; its first row must be the header/);
  });

  it('names the row of a quote never closed', async () => {
    const error = await refusal('query,product_id,rank\nsofa,a,1\n"sofa,b,2\n', 'csv');
    expect(places(error)).toEqual([[3, null]]);
  });
});

describe('JSON Lines ranking files', () => {
  it('keeps the given order of ids, and orders objects by score as trec_eval does when all have one', async () => {
    const jsonl = [
      JSON.stringify({ query: 'sofa', results: ['c', ' a ', 'b'] }),
      JSON.stringify({
        query: 'lamp',
        results: [
          { product_id: 'x', score: 1 },
          { product_id: 'z', score: 1 },
          { product_id: 7, score: 3 },
        ],
      }),
      JSON.stringify({ query: 'desk', results: [{ product_id: 'y' }, { product_id: 'w', score: null }] }),
    ].join('\r\n');
    expect(await rankings(jsonl, 'jsonl')).toEqual([
      ['sofa', ['c', 'a', 'b']],
      ['lamp', ['7', 'z', 'x']],
      ['desk', ['y', 'w']],
    ]);
  });

  it('groups a query given on several lines, in file order', async () => {
    const jsonl = [
      JSON.stringify({ query: 'sofa', results: ['a'] }),
      JSON.stringify({ query: 'lamp', results: ['x'] }),
      '',
      JSON.stringify({ query: 'Sofa', results: ['b', 'c'] }),
    ].join('\n');
    expect(await rankings(`\uFEFF${jsonl}`, 'jsonl')).toEqual([
      ['sofa', ['a', 'b', 'c']],
      ['lamp', ['x']],
    ]);
  });

  it('names the line and field of each bad line', async () => {
    const jsonl = [
      '{"query": "sofa", "results": ["a"',
      '["sofa"]',
      JSON.stringify({ query: '', results: ['a'] }),
      JSON.stringify({ query: 'sofa' }),
      JSON.stringify({ query: 'sofa', results: ['a', ''] }),
      JSON.stringify({ query: 'sofa', results: [{ product_id: 'a', score: 'high' }, { score: 1 }, 3] }),
      JSON.stringify({ query: 'sofa', results: ['a', 'b', 'a'] }),
      '{"query": "sofa", "results": ["\\ud800"]}',
      JSON.stringify({ query: 'lamp', results: [{ product_id: 12345678901234567890 }] }),
    ].join('\n');
    const error = await refusal(jsonl, 'jsonl');
    expect(places(error)).toEqual([
      [1, null],
      [2, null],
      [3, 'query'],
      [4, 'results'],
      [5, 'results[1]'],
      [6, 'results[0].score'],
      [6, 'results[1].product_id'],
      [6, 'results[2]'],
      [7, 'results[2]'],
      [8, 'results[0]'],
      [9, 'results[0].product_id'],
    ]);
    expect(error.message).toMatch(/^Nothing was imported: the JSON Lines file has 11 problems; the first is at line 1: is not valid JSON/);
  });

  it('refuses a product given again on a later line of the same query, and scores on some results only', async () => {
    const jsonl = [
      JSON.stringify({ query: 'sofa', results: [{ product_id: 'a', score: 2 }, 'b'] }),
      JSON.stringify({ query: 'lamp', results: ['x'] }),
      JSON.stringify({ query: 'sofa', results: ['c', 'a'] }),
    ].join('\n');
    const error = await refusal(jsonl, 'jsonl');
    expect(error.problems).toEqual([
      { row: 1, column: 'results[1]', problem: 'has no score, but other results of the query "sofa" have one (give all or none a score)' },
      {
        row: 3,
        column: 'results[1]',
        problem: 'is a product already ranked for the query "sofa" on line 1: a ranking lists each product once',
      },
    ]);
  });
});

describe('every format', () => {
  it('gives each query its first k results in the order of its whole ranking, listed in order or not', async () => {
    const firstTwo = async (text: string, format: RankingFormat) => {
      const file = await readRankingFile(chunked(text), { format });
      return [...file.rankings(2)].map(({ query, ranking }) => [query, ranking]);
    };
    // "in order" lists each query best first; "shuffled" does not, or ties scores (ordered by id then).
    const trec = ['in Q0 a 1 9 t', 'in Q0 b 2 8 t', 'in Q0 c 3 7 t', 'shuffled Q0 x 1 1 t', 'shuffled Q0 y 2 5 t', 'shuffled Q0 z 3 5 t'];
    const csv = ['query,product_id,rank', 'in,a,1', 'in,b,2', 'in,c,3', 'shuffled,x,3', 'shuffled,y,1', 'shuffled,z,2'];
    const jsonl = [
      { query: 'in', results: ['a', 'b', 'c'] },
      {
        query: 'shuffled',
        results: [
          { product_id: 'x', score: 1 },
          { product_id: 'y', score: 5 },
          { product_id: 'z', score: 5 },
        ],
      },
    ];
    const expected = [
      ['in', ['a', 'b']],
      ['shuffled', ['z', 'y']],
    ];
    expect(await firstTwo(trec.join('\n'), 'trec')).toEqual(expected);
    expect(await firstTwo(csv.join('\n'), 'csv')).toEqual([expected[0], ['shuffled', ['y', 'z']]]);
    expect(await firstTwo(jsonl.map((line) => JSON.stringify(line)).join('\n'), 'jsonl')).toEqual(expected);
  });

  const good: Record<RankingFormat, string[]> = {
    trec: ['q1 Q0 a 1 3 t', 'q1 Q0 b 2 2 t', 'q2 Q0 c 1 1 t', 'q2 Q0 d 2 0 t'],
    csv: ['query,product_id,rank', 'q1,a,1', 'q1,b,2', 'q2,c,1', 'q2,d,2'],
    jsonl: [
      '{"query":"q1","results":["a"]}',
      '{"query":"q1","results":["b"]}',
      '{"query":"q2","results":["c"]}',
      '{"query":"q2","results":["d"]}',
    ],
  };
  const bad: Record<RankingFormat, string> = { trec: 'q3 Q0 e 1 nan t', csv: 'q3,e,first', jsonl: '{"query":"q3","results":[""]}' };

  for (const format of RANKING_FORMATS) {
    it(`${format}: reads the good file, and yields nothing when one line is bad, first, middle or last`, async () => {
      expect(await rankings(good[format].join('\n'), format)).toEqual([
        ['q1', ['a', 'b']],
        ['q2', ['c', 'd']],
      ]);
      const header = format === 'csv' ? 1 : 0;
      for (const at of [header, 2, good[format].length]) {
        const lines = [...good[format]];
        lines.splice(at, 0, bad[format]);
        const error = await refusal(lines.join('\n'), format);
        expect(places(error)).toEqual([[at + 1, expect.any(String)]]);
      }
    });

    it(`${format}: refuses a file without rankings`, async () => {
      const empty = format === 'csv' ? 'query,product_id,rank\n' : '\n';
      const error = await refusal(empty, format);
      expect(error.problems[0].problem).toMatch(/has no rankings/);
    });
  }

  it('stops at MAX_PROBLEMS problems', async () => {
    const run = Array.from({ length: MAX_PROBLEMS + 50 }, (_, i) => `q1 Q0 d${i} 1 x t`).join('\n');
    const error = await refusal(run, 'trec');
    expect(error.problems).toHaveLength(MAX_PROBLEMS);
    expect(error.message).toMatch(`at least ${MAX_PROBLEMS} problems`);
  });

  it('refuses a queries file with a CSV or JSON Lines file', async () => {
    await expect(readRankingFile(chunked('query,product_id,rank\n'), { format: 'csv', queries: new Map() })).rejects.toThrow(
      /a queries file maps the query ids of a TREC run/,
    );
  });
});

describe('the format', () => {
  it('is the one chosen, else the file name tells it, else a clear refusal', () => {
    expect(rankingFormat('run.csv', 'jsonl')).toBe('jsonl');
    expect(['a.trec', 'a.RUN', 'x.y.txt', 'r.csv', 'r.jsonl', 'r.ndjson'].map((name) => rankingFormat(name))).toEqual([
      'trec',
      'trec',
      'trec',
      'csv',
      'jsonl',
      'jsonl',
    ]);
    expect(() => rankingFormat('rankings.xlsx')).toThrow(/Cannot tell the ranking file's format from its name "rankings.xlsx"/);
    expect(() => rankingFormat(undefined)).toThrow(ImportRejectedError);
  });
});
