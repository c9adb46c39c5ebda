import { accessToken, rejectedAfterRenewal, type ApiSession } from './api-client';
import type { BulkUploadCounts, CsvProblem, CsvUploader, UploadOptions } from '../domain/datasets/upload-types';

// POST dataset-entries/bulk-upload over XMLHttpRequest, because fetch cannot report upload
// progress. It shares the ofetch client's session (ApiSession): the same bearer token, one forced renewal
// and one retry on a 401, then the session ends. Aborting (Cancel) stops the request; the server imports
// in one transaction, so an aborted upload writes nothing.

/** A refused or failed upload: the server's message and, for a bad CSV, its row-level problems. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly problems: CsvProblem[] = [],
  ) {
    super(message);
  }
}

type Answer = { status: number; body: unknown };

/** Posts a multipart form with the session's token; its 2xx body, or an UploadError with the server's problems. */
export type FormPoster = (url: string, buildForm: () => FormData, options?: UploadOptions & { size?: number }) => Promise<unknown>;

export function createFormPoster(session: ApiSession, newRequest: () => XMLHttpRequest = () => new XMLHttpRequest()): FormPoster {
  function send(url: string, form: FormData, bearer: string, options: UploadOptions & { size?: number }): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const signal = options.signal;
      if (signal?.aborted) return reject(abortError());
      const xhr = newRequest();
      const onAbort = () => xhr.abort();
      xhr.open('POST', url);
      xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) =>
        options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : (options.size ?? event.loaded) });
      xhr.onload = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
      };
      xhr.onerror = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new UploadError('The server could not be reached. Please try again.', null));
      };
      xhr.onabort = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(form);
    });
  }

  return async function postForm(url, buildForm, options = {}) {
    let answer = await send(url, buildForm(), await accessToken(session, false), options);
    if (answer.status === 401) {
      answer = await send(url, buildForm(), await accessToken(session, true), options);
      if (answer.status === 401) session.onSignedOut(rejectedAfterRenewal);
    }
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw toUploadError(answer);
  };
}

export function createCsvUploader(
  baseURL: string,
  session: ApiSession,
  newRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): CsvUploader {
  const route = `${baseURL.replace(/\/+$/, '')}/dataset-entries/bulk-upload`;
  const postForm = createFormPoster(session, newRequest);
  return async function uploadCsv(file, { settings, ...options } = {}) {
    const query = new URLSearchParams();
    if (settings?.dataset) query.set('dataset_id', String(settings.dataset.id));
    if (settings?.skipExisting) query.set('on_existing', 'skip');
    const url = query.size > 0 ? `${route}?${query}` : route;
    const buildForm = () => {
      const form = new FormData();
      form.append('file', file, file.name ?? 'upload.csv');
      return form;
    };
    // Without a computable length the file's size is the best total there is.
    return (await postForm(url, buildForm, { ...options, size: file.size })) as BulkUploadCounts;
  };
}

function toUploadError({ status, body }: Answer): UploadError {
  const data = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; details?: unknown };
  const message = typeof data.message === 'string' && data.message !== '' ? data.message : `The server answered ${status}`;
  const problems = Array.isArray(data.details) ? data.details.filter(isProblem) : [];
  return new UploadError(message, status, problems);
}

function isProblem(value: unknown): value is CsvProblem {
  const problem = value as CsvProblem | null;
  return typeof problem === 'object' && problem !== null && typeof problem.row === 'number' && typeof problem.problem === 'string';
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}
