// Prompts for the client's tests, filled from MemAgent's real templates.
import { fillFinalPrompt, fillMemoryPrompt } from '../agent/templates.ts';

export const QUESTION = 'What is the special magic number for Alice?';
export const SECTION =
  'The sky was grey over the harbour. The special magic number for Alice is 7342. Bob bought bread.';
export const MEMORY_PROMPT = fillMemoryPrompt(QUESTION, 'No previous memory', SECTION);
export const EXPECTED_MEMORY = 'The special magic number for Alice is 7342.';
export const FINAL_PROMPT = fillFinalPrompt('boxed', QUESTION, EXPECTED_MEMORY);

export const chatRequest = { prompt: MEMORY_PROMPT, maxTokens: 256, temperature: 0.7, topP: 0.95 };
