// Where an answer formed when no passage could be pinned down.
import { describe, expect, test } from 'vitest';
import { answerChunks } from './answer-chunks.ts';
import { state } from './test-support.ts';

describe('answer chunks', () => {
  test('are the chunks where answer words entered the memory and stayed, most first', () => {
    const memories = [
      state(0, 'Nothing about the bridge yet.'),
      state(1, 'The bearing came from Harwick.'),
      state(2, 'Nothing certain.'),
      state(3, 'The bearing came from the Harwick foundry.'),
      state(4, 'The bearing came from the Harwick foundry, ordered in 1907.'),
    ];
    const question = 'Which foundry supplied the bearing?';
    expect(answerChunks(question, 'the Harwick foundry', memories)).toEqual([3]);
    expect(answerChunks(question, 'Harwick, in 1907', memories)).toEqual([3, 4]);
    expect(answerChunks(question, 'Harwick foundry, ordered in 1907', memories)).toEqual([4, 3]);
    expect(answerChunks(question, 'the the of', memories)).toEqual([]);
  });
});
