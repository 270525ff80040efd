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

  it('rejects a concurrency below 1', () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow(/at least 1/);
  });
});
