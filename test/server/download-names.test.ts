import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { downloadName, sendDownload } from '../../server/routes/downloads';

// Exported files carry the golden set's or the run's experiment's name, so a folder of downloads
// can be told apart; any script's letters survive in `filename*`, old clients get an ASCII `filename`.

describe('download file names', () => {
  it('joins prefix, id and the name, letters and digits of any script kept, everything else one dash', () => {
    expect(downloadName('golden-set', 4, 'Golden set — Germany', 'qrels')).toBe('golden-set-4-Golden-set-Germany.qrels');
    expect(downloadName('run', 12, '  BM25 / k=10 (übersetzt) ', 'csv')).toBe('run-12-BM25-k-10-übersetzt.csv');
    expect(downloadName('run', 12, '***', 'trec')).toBe('run-12.trec');
    expect(downloadName('run', 1, 'x'.repeat(100), 'csv')).toBe(`run-1-${'x'.repeat(60)}.csv`);
  });

  it('sends an ASCII filename and the exact UTF-8 name in filename*', async () => {
    const app = Fastify();
    app.get('/file', (_, reply) => sendDownload(reply, 'text/csv', 'golden-set-4-Größen.csv', (async function* () {})()));
    const answer = await app.inject({ method: 'GET', url: '/file' });
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="golden-set-4-Gr__en.csv"; filename*=UTF-8''golden-set-4-Gr%C3%B6%C3%9Fen.csv`,
    );
    await app.close();
  });
});
