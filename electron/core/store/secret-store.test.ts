import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from './secret-store.ts';

describe('secret stores', () => {
  it('memory store', async () => {
    const s = createMemorySecretStore({ a: 'k' });
    expect(await s.get('a')).toBe('k');
    await s.delete('a');
    expect(await s.get('a')).toBeUndefined();
  });
});
