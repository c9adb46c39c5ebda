import { describe, expect, it, vi } from 'vitest';
import type { ApiSession } from '../../../src/services/api-client';
import { createCsvUploader, UploadError } from '../../../src/services/upload-csv';

// The XHR upload: bearer token of the session, progress, 401 → one renewal and retry, abort, and the
// server's row-level problems.

type Answer = { status: number; body?: unknown };

class FakeRequest {
  static sent: FakeRequest[] = [];
  headers: Record<string, string> = {};
  method = '';
  url = '';
  status = 0;
  responseText = '';
  body: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor(private readonly answer: Answer | null) {}
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
    if (!this.answer) return; // left running: the test aborts it
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      this.status = this.answer!.status;
      this.responseText = this.answer!.body === undefined ? '' : JSON.stringify(this.answer!.body);
      this.onload?.();
    });
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

function setup(answers: Array<Answer | null>) {
  FakeRequest.sent = [];
  let renewed = 0;
  const session: ApiSession = {
    getAccessToken: vi.fn(async (options?: { forceRenewal?: boolean }) => {
      if (options?.forceRenewal) renewed += 1;
      return `token-${renewed}`;
    }),
    onSignedOut: vi.fn(),
  };
  const queue = [...answers];
  const upload = createCsvUploader('/api/service/', session, () => new FakeRequest(queue.shift() ?? null) as unknown as XMLHttpRequest);
  return { upload, session };
}

const file = new File(['input\nsofa\n'], 'entries.csv', { type: 'text/csv' });
const counts = { created_entries: 1, created_datasets: 0, created_mappings: 0, existing_inputs: 0, repeated_inputs: 0, skipped_inputs: 0 };

describe('uploadCsv', () => {
  it('posts the file as the form field "file" with the bearer token and reports progress', async () => {
    const { upload } = setup([{ status: 200, body: counts }]);
    const progress: unknown[] = [];
    await expect(upload(file, { onProgress: (p) => progress.push(p) })).resolves.toEqual(counts);
    const [request] = FakeRequest.sent;
    expect([request.method, request.url, request.headers.Authorization]).toEqual([
      'POST',
      '/api/service/dataset-entries/bulk-upload',
      'Bearer token-0',
    ]);
    expect((request.body!.get('file') as File).name).toBe('entries.csv');
    expect(progress).toEqual([{ loaded: 50, total: 100 }]);
  });

  it('sends the dataset every row goes into and the choice to skip inputs there already as the query', async () => {
    const { upload } = setup([
      { status: 200, body: counts },
      { status: 200, body: counts },
    ]);
    await upload(file, { settings: { dataset: { id: 12, name: 'Chairs' }, skipExisting: true } });
    await upload(file, { settings: { dataset: null, skipExisting: false } });
    expect(FakeRequest.sent.map((request) => request.url)).toEqual([
      '/api/service/dataset-entries/bulk-upload?dataset_id=12&on_existing=skip',
      '/api/service/dataset-entries/bulk-upload',
    ]);
  });

  it('renews the token once on a 401 and sends again', async () => {
    const { upload, session } = setup([{ status: 401 }, { status: 200, body: counts }]);
    await expect(upload(file)).resolves.toEqual(counts);
    expect(FakeRequest.sent.map((request) => request.headers.Authorization)).toEqual(['Bearer token-0', 'Bearer token-1']);
    expect(session.onSignedOut).not.toHaveBeenCalled();
  });

  it('ends the session when the renewed token is refused too', async () => {
    const { upload, session } = setup([{ status: 401 }, { status: 401, body: { message: 'Unauthorized' } }]);
    await expect(upload(file)).rejects.toThrow('Unauthorized');
    expect(session.onSignedOut).toHaveBeenCalledWith({ code: 'login_required', message: 'Your session has ended. Please log in again.' });
  });

  it('carries the server’s message and row-level problems of a bad CSV', async () => {
    const details = [{ row: 9001, column: 'input', problem: 'must not be blank' }];
    const { upload } = setup([{ status: 400, body: { error: 'Bad Request', message: 'The CSV has 1 problem', details } }]);
    const failure = await upload(file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadError);
    expect(failure).toMatchObject({ message: 'The CSV has 1 problem', status: 400, problems: details });
  });

  it('aborts the request when the signal fires', async () => {
    const { upload } = setup([null]);
    const controller = new AbortController();
    const pending = upload(file, { signal: controller.signal });
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeRequest.sent[0].aborted).toBe(true);
  });
});
