/**
 * npm run bench:ranking-files: reads a ranking file of 100,000 queries × 100 results (10 million results)
 * as a TREC run, a CSV and JSON Lines (objects with scores), and scores each against a generated qrels as
 * an evaluation will; then times `npm run metrics` on the same qrels and TREC run for comparison. Each
 * reading runs as a child process, so its peak RSS is its own, with the young-generation cap the server
 * and worker run with. Targets: well under 500 MiB; reading and
 * scoring within 2× the metrics CLI's time.
 */
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readQrels } from '../server/evaluation/trec-files';
import { trecQueryMeasures } from '../server/evaluation/trec-eval';
import { readRankingFile, type RankingFormat } from '../server/evaluations/ranking-files';
import { measure } from './support/measure-child';
import { FileWriter, mulberry32 } from './support/generated-files';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 100_000);
const RESULTS = 100;
const FILES: Record<RankingFormat, string> = { trec: 'bench.run', csv: 'bench.csv', jsonl: 'bench.jsonl' };

/** The same rankings in the three formats (scores descending, a few ties), and 20 judgements per query. */
function generate(folder: string) {
  const random = mulberry32(20261128);
  const open = (name: string) => new FileWriter(join(folder, name));
  const qrels = open('bench.qrels');
  const trec = open(FILES.trec);
  const csv = open(FILES.csv);
  const jsonl = open(FILES.jsonl);
  csv.write('query,product_id,rank,score\n');
  for (let q = 1; q <= QUERIES; q++) {
    const qid = `q${q}`;
    let score = 30;
    const results: string[] = [];
    for (let r = 1; r <= RESULTS; r++) {
      score -= random() * 0.3;
      const id = `p${q}-${r}`;
      const shown = score.toFixed(4);
      trec.write(`${qid} Q0 ${id} ${r} ${shown} bench\n`);
      csv.write(`${qid},${id},${r},${shown}\n`);
      results.push(`{"product_id":"${id}","score":${shown}}`);
    }
    jsonl.write(`{"query":"${qid}","results":[${results.join(',')}]}\n`);
    // 12 judgements of returned products, 8 of others.
    const judged = new Set<number>();
    while (judged.size < 12) judged.add(1 + Math.floor(random() * RESULTS));
    for (const r of judged) qrels.write(`${qid} 0 p${q}-${r} ${Math.floor(random() * 4)}\n`);
    for (let j = 0; j < 8; j++) qrels.write(`${qid} 0 p${q}-x${j} ${Math.floor(random() * 4)}\n`);
  }
  for (const writer of [qrels, trec, csv, jsonl]) writer.close();
}

/** The child: reads one file, then scores its rankings as an evaluation will; prints what it found. */
async function readAndScore(format: RankingFormat, file: string, qrelsFile: string) {
  const started = performance.now();
  const rankings = await readRankingFile(createReadStream(file), { format });
  const read = performance.now();
  const qrels = readQrels(qrelsFile);
  let scored = 0;
  let ndcg = 0;
  for (const { queryKey, ranking } of rankings.rankings()) {
    const judgements = qrels.get(queryKey);
    if (judgements === undefined) continue;
    ndcg += trecQueryMeasures(ranking, judgements, { k: 10, gain: 'linear', relevantFrom: 1 }).ndcg;
    scored++;
  }
  const done = performance.now();
  console.log(
    `${rankings.queries} queries, ${rankings.results} results; read and checked in ${((read - started) / 1000).toFixed(2)} s, scored ${scored} in ${((done - read) / 1000).toFixed(2)} s; mean ndcg_cut_10 ${(ndcg / scored).toFixed(4)}`,
  );
}

if (process.argv[2] === '--child') {
  const [format, file, qrelsFile] = process.argv.slice(3);
  await readAndScore(format as RankingFormat, file, qrelsFile);
} else {
  const folder = mkdtempSync(join(tmpdir(), 'bench-ranking-files-'));
  try {
    const generating = performance.now();
    generate(folder);
    const sizes = Object.values(FILES).map((name) => `${name} ${(statSync(join(folder, name)).size / 2 ** 20).toFixed(0)} MiB`);
    console.log(
      `generated ${QUERIES.toLocaleString('en')} queries × ${RESULTS} results (${sizes.join(', ')}) in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
    );
    const qrels = join(folder, 'bench.qrels');
    const cli = await measure(['--import', 'tsx', 'server/cli/metrics.ts', qrels, join(folder, FILES.trec), '-k', '10']);
    if (cli.code !== 0) throw new Error(`metrics exited with ${cli.code}`);
    const ndcg = /^ndcg_cut_10\s+all\s+(\S+)/m.exec(cli.stdout)?.[1];
    console.log(
      `npm run metrics (TREC run): ${cli.seconds.toFixed(2)} s wall, peak RSS ${(cli.peakKiB / 1024).toFixed(0)} MiB; ndcg_cut_10 ${ndcg}`,
    );
    for (const format of ['trec', 'csv', 'jsonl'] as const) {
      const child = await measure([
        '--max-semi-space-size=4',
        '--heap-growing-percent=60',
        '--import',
        'tsx',
        'bench/ranking-files.ts',
        '--child',
        format,
        join(folder, FILES[format]),
        qrels,
      ]);
      if (child.code !== 0) throw new Error(`reading the ${format} file exited with ${child.code}`);
      const peakMiB = child.peakKiB / 1024;
      const ratio = child.seconds / cli.seconds;
      const ok = peakMiB < 500 && ratio <= 2;
      console.log(
        `${format.padEnd(5)}: ${child.seconds.toFixed(2)} s wall (${ratio.toFixed(2)}× metrics), peak RSS ${peakMiB.toFixed(0)} MiB: ${ok ? 'OK' : 'MISSED'}; ${child.stdout.trim()}`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
