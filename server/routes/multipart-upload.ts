/** What the three upload routes share: reading the multipart form, and turning its failures into answers. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from '../errors';
import { ImportRejectedError } from '../import/import-problems';
import { UploadTooLargeError } from '../import/upload-reader';
import { UploadIdleError, withSpooledUpload } from '../import/upload-spool';
import type { ImportGate } from '../import/import-gate';
import type { Readable } from 'node:stream';
import type { Database } from '../db/database';
import { withImportUpkeep, type Imported, type UpkeepLog } from '../db/after-import';
import { IMPORT_BYTES_PER_FILE_BYTE, type DiskWatch } from '../db/disk-space';

const MiB = 1024 * 1024;

/** How the upload routes take files: the size limit, the idle cut-off, the gate imports pass, where they spool. */
export interface UploadSettings {
  limitMb: number;
  idleSeconds: number;
  gate: ImportGate;
  /** This process's spool folder in the data folder. */
  spool: string;
  /** The room on the database's disk, which an import must find before it starts. */
  disk: DiskWatch;
}

/** What an upload imports into: the database, which import it is (for its upkeep), and where to log. */
export interface ImportTarget {
  db: Database;
  imported: Imported;
  log: UpkeepLog;
}

/**
 * The uploaded file, once wholly on disk, handed to `work` when the disk has room for it and the gate lets
 * it in: a slow client holds no connection or lock while it sends, and a failed import leaves no lasting cost.
 */
export function importUpload<T>(
  source: Readable,
  uploads: UploadSettings,
  { db, imported, log }: ImportTarget,
  work: (file: Readable) => Promise<T>,
): Promise<T> {
  return withSpooledUpload(source, { folder: uploads.spool, idleSeconds: uploads.idleSeconds }, async (file, bytes) => {
    await uploads.disk.assertRoomFor(bytes * IMPORT_BYTES_PER_FILE_BYTE);
    return uploads.gate(() => withImportUpkeep(db, imported, log, () => work(file)));
  });
}

/**
 * Lets the routes of this plugin (only them: registration is encapsulated) read multipart bodies. Over
 * the limit busboy truncates the file and emits 'limit', which the importers turn into a 413.
 */
export async function acceptUploads(app: FastifyInstance, uploads: UploadSettings, { files, parts }: { files: number; parts: number }) {
  await app.register(multipart, {
    limits: { fileSize: uploads.limitMb * MiB, files, fields: 10, parts },
    throwFileSizeLimit: false,
  });
}

/** A form that could not be parsed is the client's fault; a refusal the plugin already made keeps its status. */
export function unreadableForm(error: unknown): unknown {
  if (error instanceof UploadIdleError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status < 500) return error;
  return new HttpError(400, `The multipart form could not be read: ${(error as Error).message}`);
}

/** How a single-file route names what it wants in its refusals. */
export interface SingleFileTexts {
  notMultipart: string;
  noFile: string;
  /** 'The CSV', 'The file' */
  what: string;
}

/** The form's file, which must come in the field `file`. */
export async function singleFile(request: FastifyRequest, texts: SingleFileTexts): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new HttpError(400, texts.notMultipart);
  const part = await request.file().catch((error: unknown) => {
    throw unreadableForm(error);
  });
  if (!part) throw new HttpError(400, texts.noFile);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new HttpError(400, `${texts.what} must be in a form field named "file", not "${part.fieldname}"`);
  }
  return part;
}

/** An importer's refusal, or the upload's own failure, as the answer the client gets; anything else as it is. */
export function uploadFailure(error: unknown, request: FastifyRequest, uploads: UploadSettings): unknown {
  if (error instanceof ImportRejectedError) return new HttpError(400, error.message, error.problems);
  if (error instanceof UploadIdleError) {
    return new HttpError(408, `The upload stalled: no data arrived for ${error.idleSeconds} s, so it was stopped and nothing was imported`);
  }
  if (error instanceof UploadTooLargeError) {
    return new HttpError(413, `The file is larger than the upload limit of ${uploads.limitMb} MiB; nothing was imported`);
  }
  // The client went away mid-upload: rolled back, and nobody to tell, so not a server error.
  if (request.raw.destroyed && !request.raw.complete) return new HttpError(400, 'The upload was interrupted; nothing was imported');
  return error;
}
