import type { FastifyReply } from 'fastify';
import type { ListTotal } from '../db/capped-matches';
import type { QueuePage } from '../golden-sets/rating-queue';

/** X-Total-Count, and X-Total-Count-Capped when counting stopped at the cap (schemas/paging.ts). */
export function sendTotal(reply: FastifyReply, { total, capped }: ListTotal): void {
  reply.header('X-Total-Count', total);
  if (capped) reply.header('X-Total-Count-Capped', 'true');
}

/** A judge queue's totals: the pairs waiting (as sendTotal), and X-Missing-Ratings (with -Capped past the cap). */
export function sendQueueTotals(reply: FastifyReply, { total, capped, missing, missingCapped }: Omit<QueuePage, 'items'>): void {
  sendTotal(reply, { total, capped });
  reply.header('X-Missing-Ratings', missing);
  if (missingCapped) reply.header('X-Missing-Ratings-Capped', 'true');
}
