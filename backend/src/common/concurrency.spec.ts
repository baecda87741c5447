import { ConcurrencyLimit } from './concurrency';

describe('ConcurrencyLimit', () => {
  const deferred = () => {
    let resolve!: () => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
  const tick = () => new Promise((r) => setImmediate(r));

  it('runs at most `max` jobs at once and starts the waiting ones in order as slots free', async () => {
    const limit = new ConcurrencyLimit(2);
    const jobs = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = jobs.map((d, i) =>
      limit.run(async () => {
        started.push(i);
        await d.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limit.load).toEqual({ running: 2, waiting: 2 });
    jobs[1].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    jobs[0].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    jobs[2].resolve();
    jobs[3].resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a failed job frees its slot and its error reaches its caller only', async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = limit.run(async () => {
      throw new Error('boom');
    });
    const next = limit.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a max of %p', (max) => {
    expect(() => new ConcurrencyLimit(max)).toThrow(RangeError);
  });
});
