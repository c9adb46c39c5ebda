import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccounts } from '../../../src/services/backend/accounts';
import { createApiClient } from '../../../src/services/api-client';
import { createAudit } from '../../../src/services/backend/audit';
import { RefusalError } from '../../../src/domain/shared/error-message';

// The admin pages' calls over the real API client, as the accounts and audit routes define them:
// the accounts (list, add, role, password, remove), the audit trail's page and CSV with
// the address's filter (its days as times), each refusal as the server's sentence.

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const api = createApiClient('https://console.test/api/backend', { getAccessToken: async () => 'admin-token', onSignedOut: vi.fn() });
  const request = (index = 0) => new Request(fetchMock.mock.calls[index][0], fetchMock.mock.calls[index][1]);
  return { accounts: createAccounts(api), audit: createAudit(api), request, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

const base = 'https://console.test/api/backend';
const ada = { username: 'ada', role: 'curator', created_at: '2026-03-01T09:00:00Z', updated_at: '2026-03-01T09:00:00Z' };

describe('accounts calls', () => {
  it('asks for a page of accounts, searched by username, and reads its count', async () => {
    const { accounts, request } = serve(() => Response.json({ count: 21, results: [ada] }));
    await expect(accounts.accountRows({ page: 2, pageSize: 20 }, { search: 'ad a' })).resolves.toEqual({ items: [ada], total: 21 });
    expect(request().url).toBe(`${base}/accounts/?search=ad+a&page=2&page_size=20`);
    expect(request().headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('adds an account with POST and changes its role with PATCH, by its name in the path', async () => {
    const { accounts, request } = serve(() => Response.json(ada, { status: 201 }));
    await expect(accounts.createAccount({ username: 'ada', password: 'long enough', role: 'curator' })).resolves.toEqual(ada);
    expect([request().method, request().url, await request().json()]).toEqual([
      'POST',
      `${base}/accounts/`,
      { username: 'ada', password: 'long enough', role: 'curator' },
    ]);

    const patch = serve(() => Response.json({ ...ada, username: 'a.b@c', role: 'admin' }));
    await expect(patch.accounts.changeAccountRole('a.b@c', 'admin')).resolves.toMatchObject({ role: 'admin' });
    expect([patch.request().method, patch.request().url, await patch.request().json()]).toEqual([
      'PATCH',
      `${base}/accounts/a.b%40c`,
      { role: 'admin' },
    ]);
  });

  it('resets a password and removes an account, both answered 204', async () => {
    const reset = serve(() => new Response(null, { status: 204 }));
    await expect(reset.accounts.resetAccountPassword('ada', 'new secret!')).resolves.toBeUndefined();
    expect([reset.request().method, reset.request().url, await reset.request().json()]).toEqual([
      'POST',
      `${base}/accounts/ada/password`,
      { password: 'new secret!' },
    ]);

    const removal = serve(() => new Response(null, { status: 204 }));
    await expect(removal.accounts.removeAccount('ada')).resolves.toBeUndefined();
    expect([removal.request().method, removal.request().url]).toEqual(['DELETE', `${base}/accounts/ada`]);
  });

  it('fails the last admin’s 409 as a refusal and a 400 with the field the server names', async () => {
    const lastAdmin = 'admin is the last admin: make another account admin first';
    const refusal = serve(() => Response.json({ message: lastAdmin }, { status: 409 })).accounts.removeAccount('admin');
    await expect(refusal).rejects.toThrow(lastAdmin);
    await expect(refusal).rejects.toBeInstanceOf(RefusalError);
    const short = 'password: needs at least 8 characters';
    const bad = serve(() => Response.json({ message: short }, { status: 400 }));
    await expect(bad.accounts.createAccount({ username: 'ada', password: 'short', role: 'viewer' })).rejects.toThrow(short);
  });
});

describe('audit trail calls', () => {
  const entry = {
    id: 5,
    at: '2026-03-02T10:00:00.000Z',
    actor: { sub: 'admin', name: 'admin' },
    action: 'account.create',
    target_type: 'account',
    target_id: 'ada',
    summary: 'role curator',
  };

  it('asks for a page with the filter, its days as times, and reads the count and whether it is capped', async () => {
    const { audit, request } = serve(() =>
      Response.json({ count: 10000, results: [entry] }, { headers: { 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' } }),
    );
    await expect(
      audit.auditRows({ page: 3, pageSize: 20 }, { actor: 'admin', target_type: 'account', from: '2026-03-01', to: '2026-03-02' }),
    ).resolves.toEqual({ items: [entry], total: 10000, capped: true });
    const url = new URL(request().url);
    expect(url.pathname).toBe('/api/backend/audit/');
    expect([...url.searchParams]).toEqual([
      ['actor', 'admin'],
      ['target_type', 'account'],
      ['from', '2026-03-01T00:00:00.000Z'],
      ['to', '2026-03-03T00:00:00.000Z'],
      ['page', '3'],
      ['page_size', '20'],
    ]);
  });

  it('fails a malformed day before asking the server', async () => {
    const { audit, fetchMock } = serve(() => Response.json({ count: 0, results: [] }));
    await expect(audit.auditRows({ page: 1, pageSize: 20 }, { from: '03/01/2026' })).rejects.toThrow('from: "03/01/2026" is not a day');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the CSV of the same filter under the server’s name, and reads a 403 as its sentence', async () => {
    const { audit, request } = serve(
      () =>
        new Response('\uFEFFat,actor_sub\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-trail.csv"' },
        }),
    );
    const file = await audit.exportAuditTrail({ action: 'account.create' });
    expect(file.filename).toBe('audit-trail.csv');
    // Byte for byte: the BOM that spreadsheets need stays.
    expect([...new Uint8Array(await file.blob.arrayBuffer())].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(request().url).toBe(`${base}/audit.csv?action=account.create`);

    const forbidden = 'This needs the admin role; you are signed in as a viewer';
    await expect(serve(() => Response.json({ message: forbidden }, { status: 403 })).audit.exportAuditTrail()).rejects.toThrow(forbidden);
  });
});
