// Ids a window sends are checked by shape at the boundary (shared/schemas.ts): a document, text
// or run id that cannot be one is refused in one sentence, never reaching a handler that would
// use it (the text cache names its files by document id) and fail with an internal error.
import { afterEach, describe, expect, it } from 'vitest';
import { hostileSession } from '../export/hostile-session.test-support.ts';
import { bookText, startHarness, type Harness } from './service-harness.test-support.ts';
import fs from 'node:fs';
import path from 'node:path';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const NOT_A_DOCUMENT =
  'That is not a document id: a document’s id is the SHA-256 of its file (64 hexadecimal characters).';
const NOT_A_RUN = 'That is not a run id: a run’s id is a UUID.';

describe('an id that cannot be one', () => {
  it.each(['odd-doc', '../../cache/x', 'F'.repeat(64)])(
    'of a document (%s), even one a session import let in, is refused in one sentence',
    async (odd) => {
      h = await startHarness();
      // Older libraries accepted any id from a session file; whether this one still does or
      // not, removing it must answer with a sentence, not an internal error.
      const session = hostileSession(odd);
      const data = new TextEncoder().encode(JSON.stringify(session));
      await h.call('sessions:import', { name: 'session.json', data });

      for (const result of [
        await h.call('documents:remove', { documentId: odd }),
        await h.call('documents:get', { documentId: odd }),
        await h.call('runs:list', { documentId: odd }),
        await h.call('export:session', { documentId: odd, format: 'md' }),
      ])
        expect(result).toEqual({ ok: false, error: { kind: 'BadUsage', message: NOT_A_DOCUMENT } });
    },
  );

  it.each(['imported-run-1', '../x', 'not a uuid'])(
    'of a run (%s) is refused by every run call in one sentence',
    async (odd) => {
      h = await startHarness();
      for (const result of [
        await h.call('runs:get', { runId: odd }),
        await h.call('runs:continue', { runId: odd }),
        await h.call('runs:delete', { runId: odd }),
        await h.call('runs:cancel', { runId: odd }),
        await h.call('runs:pause', { runId: odd }),
        await h.call('runs:resume', { runId: odd }),
      ])
        expect(result).toEqual({ ok: false, error: { kind: 'BadUsage', message: NOT_A_RUN } });
    },
  );

  it('of a text key is refused; a real document and its text key still work', async () => {
    h = await startHarness();
    const file = path.join(h.dir, 'book.txt');
    fs.writeFileSync(file, bookText(4));
    const info = await h.ok('documents:open', { path: file });
    expect(await h.call('documents:get', { documentId: info.id, textKey: info.id })).toMatchObject({
      ok: true,
    });
    expect(await h.call('documents:get', { documentId: info.id, textKey: '../x' })).toEqual({
      ok: false,
      error: {
        kind: 'BadUsage',
        message: 'That is not the id of a document’s text (64 hexadecimal characters).',
      },
    });
    expect(await h.call('documents:remove', { documentId: info.id })).toEqual({
      ok: true,
      value: null,
    });
  });
});
