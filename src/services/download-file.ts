import type { FetchResponse } from 'ofetch';
import type { ApiClient } from './api-client';
import type { DownloadedFile } from '../domain/experiments/evaluation-backend-types';

// Files the console fetches with the bearer token and hands to the browser as a download: the fetch, the name
// the server gave, and the save itself (an object URL and a temporary <a download>, so no token in a URL).
// The save is the file-export machine's `saveFile` action, bound in src/logic.

/**
 * GET a file with the bearer token (so no token in a URL), byte for byte (a CSV's BOM included), named by its
 * Content-Disposition or else by `fallbackName`.
 */
export async function downloadFile(api: ApiClient, path: string, fallbackName: string): Promise<DownloadedFile> {
  const response = await api.raw<Blob, 'blob'>(path, { responseType: 'blob', onResponseError: readRefusalAsJson });
  return {
    blob: response._data ?? new Blob([], { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName,
  };
}

/** A refusal answers JSON `{message}`, which `responseType: 'blob'` left as bytes: parse it, so the message reaches the person. */
async function readRefusalAsJson({ response }: { response: FetchResponse<unknown> }): Promise<void> {
  const body = response._data as Blob | undefined;
  if (typeof body?.text !== 'function') return;
  const text = await body.text();
  try {
    response._data = JSON.parse(text);
  } catch {
    response._data = text;
  }
}

/**
 * The filename of a Content-Disposition header: `filename*=UTF-8''…` (RFC 6266) before `filename="…"`;
 * null when there is none or it would name a path.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim());
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    if (plain) name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim();
  }
  if (!name || /[\\/]/.test(name) || name === '.' || name === '..') return null;
  return name;
}

const REVOKE_AFTER_MS = 40_000;

/** Where the browser parts of a save come from; a test passes its own. */
export type SaveTarget = {
  document: Document;
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
};

const browserTarget = (): SaveTarget => ({
  document: window.document,
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
});

/** Saves a blob under a name as the browser's download: a temporary link clicked once, then removed. */
export function saveBlob(blob: Blob, filename: string, target: SaveTarget = browserTarget()): void {
  const url = target.createObjectURL(blob);
  const link = target.document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  target.document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking at once can cancel the download in some browsers; FileSaver.js waits 40 s, so do we.
    setTimeout(() => target.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
