import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Streams `body` as a file download; its route's schema documents it as text, which a stream bypasses. */
export function sendDownload(reply: FastifyReply, type: string, filename: string, body: AsyncIterable<string>): FastifyReply {
  return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).send(Readable.from(body));
}
