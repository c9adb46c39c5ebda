import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Streams `events` (Server-Sent Events text) as they come. no-transform and X-Accel-Buffering: proxies
 * (nginx among them) pass each event on at once instead of holding them.
 */
export function sendEventStream(reply: FastifyReply, events: AsyncIterable<string>): FastifyReply {
  return reply
    .type('text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(events));
}
