import type { FastifyInstance } from 'fastify';
import type { DiskWatch } from './db/disk-space';

// A change on a full disk fails halfway into the database, and on PGlite a write that cannot fit in its
// log stops the process for good: changes are refused before they start while the disk has no room.
// A route that changes nothing though its method says otherwise (trying a query) says so in its config.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this POST reads only, and is served on a full disk. */
    writes?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Adds the check to this plugin scope, after the token and role checks (who may ask comes first). */
export function refuseWritesOnFullDisk(app: FastifyInstance, disk: DiskWatch) {
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method) || request.routeOptions.config?.writes === false) return;
    await disk.assertRoomFor();
  });
}
