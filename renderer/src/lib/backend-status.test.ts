import { describe, expect, it } from 'vitest';
import { describeTest, formatAgo, formatLatency, isFresh } from './backend-status.ts';

const NOW = 1_800_000_000_000;

describe('backend status', () => {
  it('says when a backend was last tested and how it went', () => {
    expect(describeTest(undefined, NOW)).toEqual({ tone: 'untested', text: 'Not tested' });
    expect(
      describeTest(
        { ok: true, at: NOW - 120_000, latencyMs: 38, model: 'RL-MemoryAgent-14B' },
        NOW,
      ),
    ).toEqual({ tone: 'ok', text: 'Connected 2 min ago · 38 ms · model RL-MemoryAgent-14B' });
    expect(
      describeTest(
        {
          ok: false,
          at: NOW - 300_000,
          latencyMs: 2,
          error: { kind: 'BackendUnavailable', message: 'Cannot reach the LLM server.' },
        },
        NOW,
      ),
    ).toEqual({
      tone: 'failed',
      text: 'Could not connect 5 min ago: Cannot reach the LLM server.',
    });
  });

  it('leaves out the failure when it is shown beside the line', () => {
    const failed = {
      ok: false,
      at: NOW - 60_000,
      latencyMs: 1,
      error: { kind: 'BackendUnavailable' as const, message: 'Cannot reach it.' },
    };
    expect(describeTest(failed, NOW, true).text).toBe('Could not connect 1 min ago');
  });

  it('speaks of loading, in seconds, for the built-in model (it has no server to connect to)', () => {
    const loaded = { ok: true, at: NOW - 120_000, latencyMs: 1561, model: 'Qwen2.5 7B Instruct' };
    expect(describeTest(loaded, NOW, false, true)).toEqual({
      tone: 'ok',
      text: 'Loaded 2 min ago · 1.6 s · model Qwen2.5 7B Instruct',
    });
    expect(formatLatency(1561, true)).toBe('1.6 s');
    expect(formatLatency(42_400, true)).toBe('42 s');
    expect(formatLatency(38)).toBe('38 ms');
    const failed = {
      ok: false,
      at: NOW - 60_000,
      latencyMs: 3,
      error: { kind: 'BackendUnavailable' as const, message: 'The model file is damaged.' },
    };
    expect(describeTest(failed, NOW, false, true).text).toBe(
      'Could not load 1 min ago: The model file is damaged.',
    );
  });

  it('writes ages people read at a glance', () => {
    expect(formatAgo(3_000)).toBe('just now');
    expect(formatAgo(40_000)).toBe('40 s ago');
    expect(formatAgo(3 * 3_600_000)).toBe('3 h ago');
    expect(formatAgo(3 * 86_400_000)).toBe('3 days ago');
    expect(formatAgo(-5)).toBe('just now');
  });

  it('counts a check younger than 30 s as fresh', () => {
    expect(isFresh({ ok: false, at: NOW - 29_000, latencyMs: 1 }, NOW)).toBe(true);
    expect(isFresh({ ok: true, at: NOW - 31_000, latencyMs: 1 }, NOW)).toBe(false);
    expect(isFresh(undefined, NOW)).toBe(false);
  });
});
