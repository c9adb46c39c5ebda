/** The loop the form uploads share: their text fields first, then their files, read part by part. */
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { UploadIdleError } from '../import/upload-spool';
import { unreadableForm } from './multipart-upload';

interface FormReading {
  /** The text fields, as they stood when the last file was handed on. */
  fields: Record<string, string>;
  /** Text fields sent after a file: too late to have counted. */
  lateFields: string[];
  /** What refused the form (thrown by `onFile`), if anything did. */
  failure: unknown;
}

/**
 * Hands each file part to `onFile` with the fields read so far, until it answers true (the form is done) or
 * throws (the form failed). Every part is read even after that, so the client gets the answer rather than a
 * reset; only a stalled upload is answered at once, as it sends no more parts.
 */
export async function readForm(
  request: FastifyRequest,
  onFile: (file: MultipartFile, fields: Record<string, string>) => Promise<boolean>,
): Promise<FormReading> {
  const fields: Record<string, string> = {};
  const lateFields: string[] = [];
  let failure: unknown;
  let done = false;
  let fileSeen = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && fileSeen) lateFields.push(part.fieldname);
      if (part.type === 'file') fileSeen = true;
      if (failure !== undefined || done) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      try {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else done = await onFile(part, fields);
      } catch (error) {
        if (error instanceof UploadIdleError) throw error;
        failure = error;
        if (part.type === 'file') part.file.resume();
      }
    }
  } catch (error) {
    throw unreadableForm(error);
  }
  return { fields, lateFields, failure };
}

/** The late fields named, for a refusal. */
export const namedFields = (names: string[]) => [...new Set(names)].map((name) => `"${name}"`).join(', ');
