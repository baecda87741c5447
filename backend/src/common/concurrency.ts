/**
 * A limit on how many of some async jobs run at once; the others wait their turn in order.
 * Used for password hashing: argon2 runs on libuv's thread pool (4 threads), and more hashes at once
 * than there are cores only time-slice the same cores, slowing each hash and starving the event loop.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer');
  }

  /** Jobs started and not yet finished, and jobs waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running++;
    try {
      return await job();
    } finally {
      const next = this.queue.shift();
      if (next) next(); // the slot passes straight to the next job
      else this.running--;
    }
  }
}
