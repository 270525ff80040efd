import { describe, expect, it } from 'vitest';
import { parseCommand } from './args.ts';

const env = { INIT_CWD: '/data' };
const parse = (...args: string[]) => parseCommand(['eval', ...args], env);

describe('memagent eval arguments', () => {
  it("defaults to upstream's recurrent evaluation: text final prompt, 32 rows at once, one server", () => {
    const command = parse('eval_50.json');
    expect(command).toMatchObject({
      name: 'eval',
      options: {
        file: '/data/eval_50.json',
        baseUrls: ['http://localhost:8000/v1'],
        concurrency: 32,
        final: 'text',
        extraction: 'app',
        method: 'memagent',
        answerTokens: 1024,
        temperature: 0.7,
        topP: 0.95,
        retryFailed: false,
        json: false,
      },
    });
  });

  it('--report DIR: the report folder from where typed, the results in DIR/results.jsonl unless --out says', () => {
    expect(parse('set.jsonl', '--report', 'rep', '--retry-failed')).toMatchObject({
      options: { report: '/data/rep', out: '/data/rep/results.jsonl', retryFailed: true },
    });
    expect(parse('set.jsonl', '--report', 'rep', '--out', 'r.jsonl')).toMatchObject({
      options: { report: '/data/rep', out: '/data/r.jsonl' },
    });
    expect(() => parse('set.jsonl', '--report', ' ')).toThrow('--report needs a folder');
  });

  it('takes several servers, --out and --docs from where the command was typed, and direct defaults', () => {
    const command = parse(
      'rows.jsonl',
      '--base-url',
      'http://a:8000/v1',
      '--base-url',
      'http://b:8000/v1',
      '--out',
      'r.jsonl',
      '--docs',
      'hotpotqa_dev.json',
      '--method',
      'direct',
      '--limit',
      '8',
    );
    expect(command).toMatchObject({
      options: {
        baseUrls: ['http://a:8000/v1', 'http://b:8000/v1'],
        out: '/data/r.jsonl',
        docs: '/data/hotpotqa_dev.json',
        method: 'direct',
        answerTokens: 10_000,
        limit: 8,
      },
    });
  });

  it("--extraction upstream takes answers exactly as upstream's harness; anything else is refused", () => {
    expect(parse('eval_50.json', '--extraction', 'upstream')).toMatchObject({
      options: { extraction: 'upstream' },
    });
    expect(() => parse('eval_50.json', '--extraction', 'strict')).toThrow(/extraction/);
  });

  it('says in one sentence what does not go together', () => {
    expect(() => parse('d.json', '--retry-failed')).toThrow(/--retry-failed .* give --out/);
    expect(() => parse('d.json', '--max-context', '4096')).toThrow(/--method direct only/);
    expect(() => parse('d.json', '--method', 'rag')).toThrow(/--method is memagent or direct/);
    expect(() => parse('d.json', '--base-url', 'ftp://x')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parse('d.json', '--limit', '0')).toThrow(/--limit must be at least 1/);
    expect(() => parse()).toThrow(/eval needs a FILE/);
  });
});
