// Click logs as users upload them: UBI JSON Lines and counted CSV read into impressions and clicks per
// (query, product, position), and a bad line refused naming its line and field.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readClickLog, type ClickLogFormat } from '../../../server/golden-sets/click-logs/read-click-log';
import { ImportRejectedError } from '../../../server/import/import-problems';

const query = (id: string, text: string) => JSON.stringify({ query_id: id, user_query: text, timestamp: '2026-11-28T01:00:00Z' });
const event = (action: string, queryId: string, objectId: unknown, index: unknown) =>
  JSON.stringify({
    action_name: action,
    query_id: queryId,
    timestamp: '2026-11-28T01:00:01Z',
    event_attributes: { object: { object_id: objectId, object_id_field: 'sku' }, position: { ordinal: { index } } },
  });

/** The file split into small chunks, as a network delivers it: lines cut in the middle. */
const chunked = (text: string, size = 7) =>
  Readable.from(Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size))));

async function counts(text: string, format: ClickLogFormat) {
  const log = await readClickLog(chunked(text), format, 'Nothing was stored');
  return {
    log,
    pairs: log.tally.coecs(0).map(({ query, product_id, impressions, clicks }) => ({ query, product_id, impressions, clicks })),
  };
}

async function refusal(text: string, format: ClickLogFormat): Promise<ImportRejectedError> {
  const error = await readClickLog(chunked(text), format, 'Nothing was stored').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ImportRejectedError);
  return error as ImportRejectedError;
}

describe('UBI click logs', () => {
  it('counts impressions and clicks per query and product from queries and their events, skipping other actions', async () => {
    const text = [
      query('q1', 'Red Sofa'),
      event('impression', 'q1', 'P1', 1),
      event('impression', 'q1', 'P2', 2),
      event('click', 'q1', 'P2', 2),
      event('add_to_cart', 'q1', 'P2', 2),
      '',
      query('q2', 'red sofa'),
      event('impression', 'q2', 12345, 1),
      JSON.stringify({
        action_name: 'impression',
        query_id: 'q2',
        event_attributes: { object: { object_id: 'P2' }, position: { ordinal: 3 } },
      }),
    ].join('\r\n');
    const { log, pairs } = await counts(text, 'ubi');
    // "red sofa" is the same query as "Red Sofa", named as first seen.
    expect(pairs).toEqual([
      { query: 'Red Sofa', product_id: 'P1', impressions: 1, clicks: 0 },
      { query: 'Red Sofa', product_id: 'P2', impressions: 2, clicks: 1 },
      { query: 'Red Sofa', product_id: '12345', impressions: 1, clicks: 0 },
    ]);
    expect(log.tally.positionRates()).toEqual([
      { position: 1, impressions: 2, clicks: 0, ctr: 0 },
      { position: 2, impressions: 1, clicks: 1, ctr: 1 },
      { position: 3, impressions: 1, clicks: 0, ctr: 0 },
    ]);
    expect(log).toMatchObject({ records: 9, counted_events: 5, skipped_events: 1 });
  });

  it('refuses a log naming the line and field of each bad line', async () => {
    const text = [
      query('q1', 'sofa'),
      '{"action_name": "click", ',
      event('impression', 'q9', 'P1', 1),
      event('impression', 'q1', 'has space', 1),
      event('impression', 'q1', 'P1', -1),
      JSON.stringify({ action_name: 'click', query_id: 'q1', event_attributes: {} }),
      '[1, 2]',
      JSON.stringify({ hello: 'world' }),
      query('q1', 'table'),
    ].join('\n');
    const error = await refusal(text, 'ubi');
    expect(error.message).toMatch(/^Nothing was stored: the UBI log has 9 problems; the first is at line 2: is not valid JSON/);
    expect(error.problems.map(({ row, column }) => [row, column])).toEqual([
      [2, null],
      [3, 'query_id'],
      [4, 'event_attributes.object.object_id'],
      [5, 'event_attributes.position.ordinal.index'],
      [6, 'event_attributes.object.object_id'],
      [6, 'event_attributes.position.ordinal.index'],
      [7, null],
      [8, null],
      [9, 'query_id'],
    ]);
    expect(error.problems[1].problem).toBe('"q9" has no UBI query (with "user_query") on an earlier line');
    expect(error.problems[2].problem).toBe('must not contain white space');
    expect(error.problems[3].problem).toBe('must be a whole number ≥ 0, not -1');
    expect(error.problems[4].problem).toBe('is missing');
    expect(error.problems[6].problem).toBe('must be a JSON object, not an array');
    expect(error.problems[8].problem).toBe('"q1" was the query "sofa" on an earlier line');
  });
});

describe('counted CSV click logs', () => {
  it('adds up the rows of each query, product and position', async () => {
    const text = 'Clicks,query,product_id,position,impressions\n3,sofa,P1,1,10\n1,Sofa,P1,1,5\n0,sofa,P2,4,20\n,,,,\n';
    const { log, pairs } = await counts(text, 'csv');
    expect(pairs).toEqual([
      { query: 'sofa', product_id: 'P1', impressions: 15, clicks: 4 },
      { query: 'sofa', product_id: 'P2', impressions: 20, clicks: 0 },
    ]);
    expect(log.tally.positionRates().map((rate) => rate.position)).toEqual([1, 4]);
    expect(log.records).toBe(4);
  });

  it('refuses a header without the columns, and rows naming row and column', async () => {
    const header = await refusal('query,product_id,position,views\nsofa,P1,1,10\n', 'csv');
    expect(header.problems).toEqual([
      { row: 1, column: 'views', problem: 'is not a column of this format (query, product_id, position, impressions, clicks)' },
      { row: 1, column: 'impressions', problem: 'required column is missing from the header' },
      { row: 1, column: 'clicks', problem: 'required column is missing from the header' },
    ]);
    const rows = await refusal(
      'query,product_id,position,impressions,clicks\nsofa,P1,first,10,1\n ,P1,1,10,1\nsofa,P1,1,2,3\nsofa,P1\n',
      'csv',
    );
    expect(rows.message).toBe(
      'Nothing was stored: the CSV file has 4 problems; the first is at row 2, column "position": must be a whole number ≥ 0, not "first"',
    );
    expect(rows.problems.map(({ row, column }) => [row, column])).toEqual([
      [2, 'position'],
      [3, 'query'],
      [4, 'clicks'],
      [5, null],
    ]);
    expect(rows.problems[2].problem).toBe('3 clicks are more than the 2 impressions');
    expect((await refusal('', 'csv')).problems).toEqual([{ row: 1, column: null, problem: 'no header row' }]);
  });
});
