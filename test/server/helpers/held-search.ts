import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A search service whose answers a test lets out: the first `free` requests are answered at once, the rest are
 * held until `release()` (then every request is answered at once). Each answer has `hits` (p1 and p2), or is a
 * 500 once `fail()` was called. Lets a run be held running, with some progress, for as long as a test needs.
 */
export async function startHeldSearch({ free = 0, hits = ['p1', 'p2'] }: { free?: number; hits?: string[] } = {}) {
  let requests = 0;
  let released = false;
  let failing = false;
  const held: Array<() => void> = [];
  const service = createServer((_request, response) => {
    requests++;
    const answer = () => {
      if (failing) response.writeHead(500).end('{"message":"search is down"}');
      else response.setHeader('content-type', 'application/json').end(JSON.stringify({ hits: hits.map((id) => ({ id })) }));
    };
    if (released || requests <= free) answer();
    else held.push(answer);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const release = () => {
    released = true;
    for (const answer of held.splice(0)) answer();
  };
  return {
    url: `http://127.0.0.1:${(service.address() as AddressInfo).port}/?q={query}`,
    release,
    fail: () => (failing = true),
    /** Requests held now. */
    held: () => held.length,
    close: () => {
      release();
      service.closeAllConnections();
      return new Promise<void>((resolve) => service.close(() => resolve()));
    },
  };
}
