import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A name's words as a file name part: letters and digits of any script, runs of anything else as one '-'. */
function slug(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** `golden-set-4-Germany-shoes.csv`: the id keeps names unique, the record's name makes the file findable. */
export function downloadName(prefix: string, id: number, name: string, extension: string): string {
  return [prefix, String(id), slug(name)].filter(Boolean).join('-') + `.${extension}`;
}

/** RFC 6266: an ASCII `filename` for old clients, the exact UTF-8 name in `filename*`. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Streams `body` as a file download; its route's schema documents it as text, which a stream bypasses. */
export function sendDownload(reply: FastifyReply, type: string, filename: string, body: AsyncIterable<string>): FastifyReply {
  return reply.type(type).header('content-disposition', contentDisposition(filename)).send(Readable.from(body));
}
