import type { FastifyReply } from 'fastify';
import type { ListTotal } from '../db/capped-matches';

/** X-Total-Count, and X-Total-Count-Capped when counting stopped at the cap (schemas/paging.ts). */
export function sendTotal(reply: FastifyReply, { total, capped }: ListTotal): void {
  reply.header('X-Total-Count', total);
  if (capped) reply.header('X-Total-Count-Capped', 'true');
}
