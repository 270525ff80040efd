// The sentences of a chunk a memory's change came from.
import { describe, expect, test } from 'vitest';
import { changeSources } from './change-sources.ts';

const TEXT =
  'Minutes of the bridge committee, March meeting.\n' +
  'The committee met at the town hall and approved the minutes of the last meeting.\n' +
  'The replacement bearing for the old mill bridge was ordered from the Harwick\n' +
  'foundry, to be delivered before the spring floods.\n\n' +
  'The treasurer reported that the budget for the year was unchanged. Any other business was ' +
  'deferred to the April meeting.';
const CHUNK = { start: 0, end: TEXT.length };
const QUESTION = 'Which foundry supplied the replacement bearing?';

describe('change sources', () => {
  test('finds the sentence whose words the memory gained, with its span and quote', () => {
    const memory =
      'The replacement bearing for the old mill bridge was ordered from the Harwick foundry, ' +
      'delivery before the spring floods.';
    const [source, ...rest] = changeSources(TEXT, CHUNK, memory, 'No previous memory', QUESTION);
    expect(rest).toEqual([]);
    expect(source!.quote).toBe(
      'The replacement bearing for the old mill bridge was ordered from the Harwick foundry, to be delivered before the spring floods.',
    );
    expect(TEXT.slice(source!.start, source!.end)).toContain('Harwick\nfoundry');
  });

  test('finds nothing when the memory gained nothing or only words no sentence has', () => {
    const memory = 'The Harwick foundry supplied it.';
    expect(changeSources(TEXT, CHUNK, memory, memory, QUESTION)).toEqual([]);
    expect(
      changeSources(TEXT, CHUNK, 'Nothing relevant yet.', 'No previous memory', QUESTION),
    ).toEqual([]);
  });
});
