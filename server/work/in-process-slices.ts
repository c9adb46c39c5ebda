/**
 * The PGlite way of working background jobs (runs, judge jobs): one loop in the server's process works the
 * jobs the database says are still to do, oldest first, a slice each in turn. The database is the queue, so a
 * restart resumes whatever a stopped server left. What a job is, how a slice works it and what a failed slice
 * means are the caller's.
 */

export interface SliceJobs {
  /** The ids of the jobs still to work, oldest first. */
  pending(): Promise<number[]>;
  /** Works one slice of the job until the deadline: 'more' when it has more to do. */
  slice(id: number, deadline: number, signal: AbortSignal): Promise<'more' | unknown>;
  /** After a slice threw, the `tries`-th time in a row: true when the job is given up (failed). */
  failed(id: number, tries: number, error: unknown): Promise<boolean>;
}

/** A failed slice is tried again after this pause (the database or the target may be back). */
const RETRY_PAUSE_MS = 1000;

export class InProcessSlices {
  private started = false;
  private wakeUp = false;
  private loop?: Promise<void>;
  private readonly stop = new AbortController();
  /** Failed slices in a row, by job. */
  private readonly failures = new Map<number, number>();

  constructor(
    private readonly jobs: SliceJobs,
    private readonly sliceSeconds: number,
  ) {}

  /** Something was queued or changed: look again (started or not yet, nothing is lost: the database holds it). */
  kick(): void {
    if (!this.started) return;
    this.wakeUp = true;
    this.loop ??= this.work().finally(() => {
      this.loop = undefined;
      if (this.wakeUp && this.started) this.kick();
    });
  }

  start(): void {
    this.started = true;
    this.kick();
  }

  /** Stops between slices; a slice under way is told to stop by its signal. */
  async close(): Promise<void> {
    this.started = false;
    this.stop.abort();
    await this.loop;
  }

  private async work(): Promise<void> {
    while (this.wakeUp && this.started) {
      this.wakeUp = false;
      for (const id of await this.jobs.pending()) {
        if (!this.started) return;
        try {
          const outcome = await this.jobs.slice(id, Date.now() + this.sliceSeconds * 1000, this.stop.signal);
          this.failures.delete(id);
          if (outcome === 'more') this.wakeUp = true;
        } catch (error) {
          if (!this.started) return;
          await this.sliceFailed(id, error);
        }
      }
    }
  }

  private async sliceFailed(id: number, error: unknown): Promise<void> {
    const tries = (this.failures.get(id) ?? 0) + 1;
    this.failures.set(id, tries);
    // When the database is not answering either, the next try will tell.
    if (await this.jobs.failed(id, tries, error).catch(() => false)) {
      this.failures.delete(id);
      return;
    }
    this.wakeUp = true;
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}
