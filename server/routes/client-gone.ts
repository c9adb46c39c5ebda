import type { FastifyReply } from 'fastify';

/**
 * Aborts once the connection of `reply` closes: a client that stopped waiting for a run (or a stream of it)
 * no longer keeps its watch polling. The response closing after it was sent aborts it too, harmlessly.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  return gone.signal;
}
