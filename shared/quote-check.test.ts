import { describe, expect, it } from 'vitest';
import { isOwnServerUrl, quoteCheckLine, quoteCheckOn, quotedLabel } from './quote-check.ts';
import type { BackendProfile } from './schemas.ts';

const profile = (p: Partial<BackendProfile>): BackendProfile => ({
  id: 'p',
  name: 'P',
  kind: 'vllm',
  baseUrl: 'http://localhost:8000/v1',
  hasApiKey: false,
  ...p,
});

describe('quoteCheckOn', () => {
  it('is on by default for the user’s own server kinds and off for cloud kinds', () => {
    expect(quoteCheckOn(profile({ kind: 'vllm' }))).toBe(true);
    expect(quoteCheckOn(profile({ kind: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' }))).toBe(
      true,
    );
    expect(quoteCheckOn(profile({ kind: 'custom' }))).toBe(true);
    for (const kind of ['openai', 'azure', 'openrouter'] as const)
      expect(
        quoteCheckOn(profile({ kind, baseUrl: 'https://x.example/v1', hasApiKey: true })),
      ).toBe(false);
  });

  it('is off by default with a price, or with a key on a public address', () => {
    expect(quoteCheckOn(profile({ inputPricePerMTok: 0.5 }))).toBe(false);
    expect(quoteCheckOn(profile({ outputPricePerMTok: 2 }))).toBe(false);
    expect(quoteCheckOn(profile({ inputPricePerMTok: 0, outputPricePerMTok: 0 }))).toBe(true);
    const keyed = { kind: 'custom' as const, hasApiKey: true };
    expect(quoteCheckOn(profile({ ...keyed, baseUrl: 'https://api.together.xyz/v1' }))).toBe(false);
    expect(quoteCheckOn(profile({ ...keyed, baseUrl: 'http://192.168.0.9:8000/v1' }))).toBe(true);
  });

  it('follows the user’s choice either way', () => {
    expect(quoteCheckOn(profile({ quoteCheck: false }))).toBe(false);
    expect(quoteCheckOn(profile({ kind: 'openai', hasApiKey: true, quoteCheck: true }))).toBe(true);
  });
});

describe('isOwnServerUrl', () => {
  it('knows loopback and private addresses, whatever the user info or port', () => {
    expect(isOwnServerUrl('http://user:pw@127.0.0.1:8000/v1')).toBe(true);
    expect(isOwnServerUrl('http://[fd12::1]:8000/v1')).toBe(true);
    expect(isOwnServerUrl('http://169.254.10.1/v1')).toBe(true);
    expect(isOwnServerUrl('https://evil.com@api.openai.com/v1')).toBe(false);
    expect(isOwnServerUrl('http://127.0.0.1.nip.io/v1')).toBe(false);
    expect(isOwnServerUrl('not a url')).toBe(false);
  });
});

describe('quoteCheckLine and quotedLabel', () => {
  it('says how the check went in one sentence', () => {
    expect(quoteCheckLine({ asked: 3, accepted: 1, rejected: 1, failed: 0 })).toBe(
      'The model quoted 2 of 3 cited chunks; 1 quote was not found in the text and was ignored.',
    );
    expect(quoteCheckLine({ asked: 1, accepted: 1, rejected: 0, failed: 0 })).toBe(
      'The model quoted 1 of 1 cited chunk.',
    );
    expect(quoteCheckLine({ asked: 3, accepted: 0, rejected: 2, failed: 1 })).toBe(
      'The model quoted 2 of 3 cited chunks; 2 quotes were not found in the text and were ignored; 1 request failed.',
    );
    expect(quotedLabel('alignment')).toBeNull();
    expect(quotedLabel('model')).toBe('quoted by the model');
  });
});
