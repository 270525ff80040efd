import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter } from './concurrency-limiter.ts';

describe('ConcurrencyLimiter', () => {
  it('grants at most `concurrency` slots; the rest wait by priority, then arrival', async () => {
    const limiter = new ConcurrencyLimiter(2);
    const granted: string[] = [];
    const take = (name: string, priority = 0) =>
      limiter.acquire({ priority }).then((release) => {
        granted.push(name);
        return release;
      });
    const a = take('a');
    const b = take('b');
    const c = take('c');
    const d = take('d', 5);
    const e = take('e', 5);
    const releaseA = await a;
    await b;
    expect(granted).toEqual(['a', 'b']);
    expect({ running: limiter.running, queued: limiter.queued }).toEqual({ running: 2, queued: 3 });
    releaseA();
    releaseA(); // a second release frees nothing more
    await d;
    expect(granted).toEqual(['a', 'b', 'd']);
    expect(limiter.running).toBe(2);
    (await d)();
    await e;
    (await e)();
    await c;
    expect(granted).toEqual(['a', 'b', 'd', 'e', 'c']);
  });

  it('a wait ends when its signal aborts, and the slot goes to the next one', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const release = await limiter.acquire();
    const controller = new AbortController();
    const cancelled = limiter.acquire({ signal: controller.signal });
    const next = limiter.acquire();
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(limiter.queued).toBe(1);
    release();
    await expect(next).resolves.toBeTypeOf('function');
    await expect(limiter.acquire({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('moves a waiter when its priority changes while it waits', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const hold = await limiter.acquire();
    const granted: string[] = [];
    const ends: Promise<void>[] = [];
    const wait = (name: string) => {
      const request = limiter.request();
      ends.push(request.granted.then((release) => (granted.push(name), release())));
      return request;
    };
    wait('a');
    wait('b');
    const c = wait('c');
    c.setPriority(3); // the user opened c's document: it goes first
    hold();
    await Promise.all(ends);
    expect(granted).toEqual(['c', 'a', 'b']);
    c.setPriority(9); // once granted, a change does nothing
    expect(limiter.running).toBe(0);
  });

  it('lets groups take turns within a priority: a long job does not starve one question', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const hold = await limiter.acquire();
    const granted: string[] = [];
    const take = (name: string, group?: string, priority = 0) =>
      limiter
        .acquire({ priority, ...(group === undefined ? {} : { group }) })
        .then((release) => (granted.push(name), release()));
    const all = [
      ...[1, 2, 3, 4, 5].map((i) => take(`job${i}`, 'job')),
      take('question'),
      ...[1, 2].map((i) => take(`other${i}`, 'other')),
      take('urgent', 'job', 1),
    ];
    hold();
    await Promise.all(all);
    expect(granted).toEqual([
      'urgent', // a higher priority still goes first
      'question', // a run without a group is a group of its own, never granted yet
      'other1', // "other" never had a turn; "job" just had one
      'job1',
      'other2',
      'job2',
      'job3',
      'job4',
      'job5',
    ]);
  });

  it('takes a new limit: a larger one grants waiters at once', async () => {
    const limiter = new ConcurrencyLimiter(1);
    await limiter.acquire();
    const second = limiter.acquire();
    limiter.setConcurrency(2);
    await expect(second).resolves.toBeTypeOf('function');
    expect(() => limiter.setConcurrency(1.5)).toThrow(/at least 1/);
  });

  it('rejects a concurrency below 1', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow(/at least 1/);
  });
});
