/**
 * Keeps the requests to one search service within limits: at most `concurrency` in flight, and starts
 * spaced at least 60 000 / `requestsPerMinute` ms apart (spread evenly rather than in bursts, which
 * services that throttle per second also accept). Waiting callers are served first come, first served;
 * a caller whose signal aborts leaves the queue.
 */

interface Waiter {
  grant: (release: () => void) => void;
  fail: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort: () => void;
}

export class RequestLimiter {
  private active = 0;
  /** The earliest time (performance.now()) the next request may start. */
  private nextStart = 0;
  private readonly spacingMs: number;
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly concurrency: number,
    requestsPerMinute?: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
    if (requestsPerMinute !== undefined && !(requestsPerMinute > 0))
      throw new RangeError(`requests per minute must be positive, got ${requestsPerMinute}`);
    this.spacingMs = requestsPerMinute === undefined ? 0 : 60_000 / requestsPerMinute;
  }

  /** Resolves, when the request may start, with the function to call once it is over (any number of times). */
  acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    return new Promise((grant, fail) => {
      const waiter: Waiter = {
        grant,
        fail,
        signal,
        onAbort: () => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          fail(signal!.reason);
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  private pump(): void {
    if (this.timer !== undefined) {
      if (this.queue.length > 0) return; // the timer will pump
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.queue.length > 0 && this.active < this.concurrency) {
      const now = performance.now();
      if (now < this.nextStart) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, this.nextStart - now);
        return;
      }
      const waiter = this.queue.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.active += 1;
      this.nextStart = now + this.spacingMs;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        this.active -= 1;
        this.pump();
      });
    }
  }
}
