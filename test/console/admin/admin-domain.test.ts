import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH as SERVER_MIN_PASSWORD_LENGTH } from '../../../server/schemas/accounts';
import { ROLES as SERVER_ROLES } from '../../../server/schemas/roles';
import { isNewAccountReady, latestAccount, MIN_PASSWORD_LENGTH } from '../../../src/domain/admin/account-form';
import { ROLES } from '../../../src/domain/admin/account-types';
import { adminOnlyMessage } from '../../../src/domain/admin/admin-access';
import { auditAddress, auditQuery, choicesWith } from '../../../src/domain/admin/audit-filters';
import { kindName, targetLabel, targetPath } from '../../../src/domain/admin/audit-targets';

// The admin pages' pure rules: the audit filter between address and API, a row's target and
// its page, the admin-only text, the account forms. Tests run in UTC (vitest.config.ts), so a local midnight is Z.

describe('the audit filter', () => {
  it('sends the days of the address as times: from its midnight, to the midnight after the last day', () => {
    expect(auditQuery({ actor: 'alice', action: 'dataset.delete', from: '2026-03-01', to: '2026-03-05', page: '4' })).toEqual({
      actor: 'alice',
      action: 'dataset.delete',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-06T00:00:00.000Z',
    });
    // The last day of a month and of a year roll over.
    expect(auditQuery({ to: '2026-12-31' })).toEqual({ to: '2027-01-01T00:00:00.000Z' });
  });

  it('refuses a day that is not one, naming the parameter', () => {
    expect(() => auditQuery({ from: 'yesterday' })).toThrow('from: "yesterday" is not a day (YYYY-MM-DD).');
    expect(() => auditQuery({ to: '2026-02-30' })).toThrow('to: "2026-02-30" is not a day (YYYY-MM-DD).');
  });

  it('writes the address in the filter’s order, without empty values, at page 1', () => {
    expect(auditAddress({ to: '2026-03-05', actor: ' bob ', action: '', target_type: 'golden_set' })).toBe(
      '/audit?actor=bob&target_type=golden_set&to=2026-03-05&page=1',
    );
    expect(auditAddress({})).toBe('/audit?page=1');
  });

  it('offers the address’s own value in a select when it is not a known one', () => {
    expect(choicesWith(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(choicesWith(['a', 'b'], 'b')).toEqual(['a', 'b']);
    expect(choicesWith(['a', 'b'], '')).toEqual(['a', 'b']);
  });
});

describe('an audit row’s target', () => {
  const row = (action: string, target_type: string, target_id: string | null) => ({ action, target_type, target_id });

  it.each([
    [row('dataset.update', 'dataset', '7'), '/datasets/7/edit'],
    [row('entry.create', 'entry', '42'), '/dataset-entries/42/edit'],
    [row('judgement.set', 'golden_set', '4'), '/golden-sets/4'],
    [row('experiment.create', 'experiment', '3'), '/experiment-runs/3'],
    [row('run.start', 'run', '9'), '/experiment-run-results/9'],
    [row('evaluation_script.update', 'evaluation_script', '2'), '/evaluation-scripts/2'],
    [row('product.update', 'product', 'P 1/2'), '/catalogue/products/P%201%2F2'],
    [row('account.role', 'account', 'alice'), '/accounts?search=alice&page=1'],
  ])('%o opens %s', (entry, path) => expect(targetPath(entry)).toBe(path));

  it.each([
    ['a removed target', row('golden_set.delete', 'golden_set', '4')],
    ['a removed account', row('account.remove', 'account', 'alice')],
    ['a bulk upload without an id', row('entries.upload', 'entries', null)],
    ['an id no route takes', row('dataset.update', 'dataset', 'abc')],
    ['a kind without a page', row('catalogue.import', 'catalogue', null)],
  ])('%s has no page', (_, entry) => expect(targetPath(entry)).toBeNull());

  it('names the kind and the id in words', () => {
    expect(targetLabel({ target_type: 'golden_set', target_id: '4' })).toBe('Golden set 4');
    expect(targetLabel({ target_type: 'entries', target_id: null })).toBe('Entries');
    expect(kindName('search_target')).toBe('Search target');
  });
});

describe('the admin pages’ words and forms', () => {
  it('tells a non-admin what only admins can do, and as what they are signed in', () => {
    expect(adminOnlyMessage('manage accounts', 'curator')).toBe('Only admins can manage accounts. You are signed in as a curator.');
    expect(adminOnlyMessage('read the audit trail', 'viewer')).toBe('Only admins can read the audit trail. You are signed in as a viewer.');
  });

  it('offers the server’s roles, least first, and asks for its shortest password', () => {
    expect(ROLES).toEqual(SERVER_ROLES);
    expect(MIN_PASSWORD_LENGTH).toBe(SERVER_MIN_PASSWORD_LENGTH);
  });

  it('needs a username and a password of 8 characters for a new account', () => {
    expect(isNewAccountReady({ username: 'ada', password: '12345678' })).toBe(true);
    expect(isNewAccountReady({ username: '  ', password: '12345678' })).toBe(false);
    expect(isNewAccountReady({ username: 'ada', password: '1234567' })).toBe(false);
  });

  it('shows whichever copy of an account the server updated last', () => {
    const listed = { username: 'ada', role: 'viewer' as const, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-02T00:00:00Z' };
    const changed = { ...listed, role: 'admin' as const, updated_at: '2026-01-03T00:00:00Z' };
    expect(latestAccount(listed, changed).role).toBe('admin');
    expect(latestAccount({ ...listed, role: 'curator', updated_at: '2026-01-04T00:00:00Z' }, changed).role).toBe('curator');
    expect(latestAccount(listed, undefined)).toBe(listed);
  });
});
