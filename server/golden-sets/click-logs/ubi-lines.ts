/**
 * User Behavior Insights (UBI) JSON Lines into a click tally: each line a UBI query or a UBI event.
 *
 * Read from a query: `query_id` and `user_query`. Read from an event: `action_name` (`impression` and
 * `click` count; other actions are skipped), `query_id` (naming a query on an earlier line: a log
 * holds the query before what followed it), `event_attributes.object.object_id` (the product) and
 * `event_attributes.position.ordinal.index` (its position; a bare number in `ordinal`, as older
 * clients wrote it, is read too). Everything else in a line is ignored.
 */
import { kindOf, truncate } from '../../import/cell-checks';
import type { RowProblem } from '../../import/import-problems';
import { productIdProblem, queryProblem } from '../judgement-rows';
import type { ClickTally } from './coec';

const OBJECT_ID = 'event_attributes.object.object_id';
const POSITION = 'event_attributes.position.ordinal.index';
/** A query id is an id: anything longer is not one. */
const MAX_QUERY_ID_LENGTH = 1000;

type Json = Record<string, unknown>;

export class UbiLineReader {
  /** query_id → the query's text; grows with the log's searches (not its events), texts shared. */
  private readonly queries = new Map<string, string>();
  private readonly texts = new Map<string, string>();
  /** Events of actions other than impression and click. */
  skipped = 0;
  /** Impression and click events counted. */
  counted = 0;

  constructor(
    private readonly tally: ClickTally,
    private readonly problems: RowProblem[],
  ) {}

  read(text: string, line: number): void {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.problem(line, null, `is not valid JSON (${truncate((error as Error).message, 160)})`);
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.problem(line, null, `must be a JSON object, not ${kindOf(value)}`);
      return;
    }
    const object = value as Json;
    if ('action_name' in object) this.readEvent(object, line);
    else if ('user_query' in object) this.readQuery(object, line);
    else this.problem(line, null, 'is neither a UBI query (with "user_query") nor a UBI event (with "action_name")');
  }

  private readQuery(object: Json, line: number): void {
    const id = this.queryId(object, line);
    const query = object.user_query;
    const problem = typeof query === 'string' ? queryProblem(query) : notText(query);
    if (problem) this.problem(line, 'user_query', problem);
    if (id === undefined || problem) return;
    const text = query as string;
    const earlier = this.queries.get(id);
    if (earlier !== undefined && earlier !== text) {
      this.problem(line, 'query_id', `${JSON.stringify(truncate(id, 60))} was the query "${truncate(earlier, 60)}" on an earlier line`);
      return;
    }
    let shared = this.texts.get(text);
    if (shared === undefined) this.texts.set(text, (shared = text));
    this.queries.set(id, shared);
  }

  private readEvent(object: Json, line: number): void {
    const action = object.action_name;
    if (typeof action !== 'string') {
      this.problem(line, 'action_name', notText(action));
      return;
    }
    if (action !== 'impression' && action !== 'click') {
      this.skipped++;
      return;
    }
    const before = this.problems.length;
    const id = this.queryId(object, line);
    const query = id === undefined ? undefined : this.queries.get(id);
    if (id !== undefined && query === undefined) {
      this.problem(line, 'query_id', `${JSON.stringify(truncate(id, 60))} has no UBI query (with "user_query") on an earlier line`);
    }
    const attributes = object.event_attributes as Json | undefined;
    const productId = this.objectId(attributes, line);
    const position = this.position(attributes, line);
    if (this.problems.length > before || query === undefined || productId === undefined || position === undefined) return;
    this.counted++;
    this.tally.add(query, productId, position, action === 'impression' ? 1 : 0, action === 'click' ? 1 : 0);
  }

  private queryId(object: Json, line: number): string | undefined {
    const id = object.query_id;
    if (typeof id !== 'string' || id.trim() === '') {
      this.problem(line, 'query_id', typeof id === 'string' ? 'must not be blank' : notText(id));
      return undefined;
    }
    if (id.length > MAX_QUERY_ID_LENGTH) {
      this.problem(line, 'query_id', `is longer than ${MAX_QUERY_ID_LENGTH} characters`);
      return undefined;
    }
    return id;
  }

  private objectId(attributes: Json | undefined, line: number): string | undefined {
    const id = field(field(attributes, 'object'), 'object_id');
    // UBI allows an integer id; one beyond 2^53 would already be rounded by JSON.parse.
    if (typeof id === 'number' && !Number.isSafeInteger(id)) {
      this.problem(line, OBJECT_ID, 'must be text or a whole number below 2^53 (write a longer id as text)');
      return undefined;
    }
    if (typeof id !== 'string' && typeof id !== 'number') {
      this.problem(line, OBJECT_ID, id === undefined ? 'is missing' : `must be text or a whole number, not ${kindOf(id)}`);
      return undefined;
    }
    const productId = String(id).trim();
    const problem = productIdProblem(productId);
    if (problem) this.problem(line, OBJECT_ID, problem);
    return problem ? undefined : productId;
  }

  private position(attributes: Json | undefined, line: number): number | undefined {
    const ordinal = field(field(attributes, 'position'), 'ordinal');
    const index = typeof ordinal === 'number' ? ordinal : field(ordinal, 'index');
    if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0) {
      this.problem(
        line,
        POSITION,
        index === undefined ? 'is missing' : `must be a whole number ≥ 0, not ${truncate(JSON.stringify(index), 40)}`,
      );
      return undefined;
    }
    return index;
  }

  private problem(row: number, column: string | null, problem: string): void {
    this.problems.push({ row, column, problem });
  }
}

const notText = (value: unknown) => (value === undefined ? 'is missing' : `must be text, not ${kindOf(value)}`);

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json)[name] : undefined;
}
