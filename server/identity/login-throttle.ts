/**
 * Counts failed sign-ins per (client address, username) and per client address in a fixed window,
 * in memory: each server process keeps its own counts.
 */
export interface LoginThrottleOptions {
  windowMs: number;
  maxPerUser: number;
  maxPerAddress: number;
  now?: () => number;
}

interface Window {
  failures: number;
  startedAt: number;
}

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfter(address: string, username: string): number {
    const waits = [
      this.wait(`user:${address}|${username.toLowerCase()}`, this.options.maxPerUser),
      this.wait(`addr:${address}`, this.options.maxPerAddress),
    ];
    return Math.max(...waits);
  }

  recordFailure(address: string, username: string): void {
    this.bump(`user:${address}|${username.toLowerCase()}`);
    this.bump(`addr:${address}`);
  }

  recordSuccess(address: string, username: string): void {
    this.windows.delete(`user:${address}|${username.toLowerCase()}`);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.startedAt >= this.options.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private wait(key: string, max: number): number {
    const window = this.current(key);
    if (!window || window.failures < max) return 0;
    return window.startedAt + this.options.windowMs - this.now();
  }

  private bump(key: string): void {
    const window = this.current(key);
    if (window) window.failures += 1;
    else this.windows.set(key, { failures: 1, startedAt: this.now() });
    if (this.windows.size > 100_000) this.sweep();
  }

  private sweep(): void {
    for (const key of this.windows.keys()) this.current(key);
  }
}
