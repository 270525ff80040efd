import { describe, expect, it } from 'vitest';
import { createPromiseCache } from './promise-cache.ts';

const never = new AbortController().signal;

describe('promise cache', () => {
  it('stops the work once every caller waiting for it has given up, and starts it again after', async () => {
    const cache = createPromiseCache<string>(4);
    const signals: AbortSignal[] = [];
    const make = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        setImmediate(() => resolve('made'));
      });
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = cache.get('k', make, a.signal);
    const second = cache.get('k', make, b.signal);
    a.abort();
    expect(signals[0]?.aborted).toBe(false); // b still waits
    b.abort();
    expect(signals[0]?.aborted).toBe(true);
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    await expect(cache.get('k', make, never)).resolves.toBe('made');
    expect(signals).toHaveLength(2);
  });

  it('drops the least recently used results past its byte budget, never the newest', async () => {
    const cache = createPromiseCache<string>({ maxBytes: 10, sizeOf: (v) => v.length });
    const put = (key: string, value: string) => cache.get(key, async () => value, never);
    await put('a', 'aaaa');
    await put('b', 'bbbb');
    cache.peek('a'); // used: b is now the oldest
    await put('c', 'cccc');
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([
      'aaaa',
      undefined,
      'cccc',
    ]);
    expect(cache.bytes).toBe(8);
    await put('big', 'x'.repeat(40));
    expect(cache.peek('big')).toHaveLength(40);
    expect(cache.peek('a')).toBeUndefined();
  });
});
