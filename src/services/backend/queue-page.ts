import type { FetchResponse } from 'ofetch';
import type { UnjudgedItem, UnjudgedPage } from '../../domain/judging/judging-types';
import { totalOf } from '../paging';

/** A judge queue's page: its pairs, how many wait (X-Total-Count) and the ratings still missing (X-Missing-Ratings). */
export function queuePageOf(response: FetchResponse<UnjudgedItem[]>): UnjudgedPage {
  const items = response._data ?? [];
  const header = response.headers.get('X-Missing-Ratings');
  const missing = header === null ? NaN : Number(header);
  return {
    items,
    total: totalOf(response.headers) ?? items.length,
    missing: Number.isSafeInteger(missing) && missing >= 0 ? missing : null,
  };
}
