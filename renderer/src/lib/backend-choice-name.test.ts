import { describe, expect, test } from 'vitest';
import type { BackendProfile } from '../../../shared/model.ts';
import { backendChoiceName } from './backend-choice-name.ts';

const profile = (p: Partial<BackendProfile>): BackendProfile => ({
  id: 'p',
  name: 'P',
  kind: 'vllm',
  baseUrl: 'http://localhost:8000/v1',
  hasApiKey: false,
  ...p,
});

describe('a backend in the backend choice', () => {
  test('is listed by its name alone, so a long model name never cuts it', () => {
    const sim = profile({
      id: 'a',
      name: 'Local simulator (sim-llm)',
      model: 'BytedTsinghua-SIA/RL-MemoryAgent-14B',
    });
    const lab = profile({ id: 'b', name: 'Lab server', model: 'Qwen/Qwen2.5-14B-Instruct' });
    expect(backendChoiceName(sim, [sim, lab])).toBe('Local simulator (sim-llm)');
    expect(backendChoiceName(lab, [sim, lab])).toBe('Lab server');
  });

  test('two of the same name are told apart by their models', () => {
    const big = profile({ id: 'a', name: 'Office GPU', model: 'RL-MemoryAgent-14B' });
    const small = profile({ id: 'b', name: 'Office GPU', model: 'RL-MemoryAgent-7B' });
    const other = profile({ id: 'c', name: 'Laptop' });
    expect(backendChoiceName(big, [big, small, other])).toBe('Office GPU (RL-MemoryAgent-14B)');
    expect(backendChoiceName(small, [big, small, other])).toBe('Office GPU (RL-MemoryAgent-7B)');
    expect(backendChoiceName(other, [big, small, other])).toBe('Laptop');
  });
});
