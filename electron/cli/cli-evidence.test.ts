// Evidence is data: the passages `memagent ask` prints are the ones stored with the run, and
// `show --json` and the JSON export read those, not a new derivation, so all three agree, also
// once the text the run read is gone (the real CLI process, the simulator on loopback).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CUT_EVIDENCE } from '../../shared/evidence-cut.ts';
import type { Evidence } from '../../shared/model.ts';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { needleDocument } from '../core/agent/test-support.ts';
import { runCliInProcess } from './cli.test-support.ts';

let sim: SimServer;
let dir: string;
const QUESTION = 'What is the secret launch code of the northern observatory?';

beforeAll(async () => {
  sim = await startSimLlm();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-evidence-'));
  fs.writeFileSync(path.join(dir, 'book.txt'), needleDocument(40, 25));
  fs.writeFileSync(path.join(dir, 'cut.txt'), needleDocument(40, 25));
});
afterAll(async () => {
  await sim.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) =>
  runCliInProcess([...args, '--db', path.join(dir, 'memagent.db')], {
    MEMAGENT_BASE_URL: sim.baseUrl,
  });

it('ask --json, show --json and the JSON export give the same stored passages, text or none', async () => {
  const asked = await cli(
    'ask',
    path.join(dir, 'book.txt'),
    '-q',
    QUESTION,
    '--chunk-tokens',
    '400',
    '--json',
  );
  expect(asked.code).toBe(0);
  const { runId, evidence } = JSON.parse(asked.stdout) as { runId: string; evidence: Evidence[] };
  expect(evidence[0]?.quote).toContain('AMBER-4471');

  const views = async () => {
    const shown = await cli('show', runId, '--json');
    expect(shown.code).toBe(0);
    const exported = await cli('export', runId, '-o', '-', '--format', 'json');
    expect(exported.code).toBe(0);
    return {
      show: (JSON.parse(shown.stdout) as { evidence: Evidence[] }).evidence,
      exported: (JSON.parse(exported.stdout) as { runs: { evidence?: Evidence[] }[] }).runs[0]
        ?.evidence,
    };
  };
  expect(await views()).toEqual({ show: evidence, exported: evidence });

  // Neither the text cache nor the file: the views read what is stored, never the text.
  fs.rmSync(path.join(dir, 'cache'), { recursive: true, force: true });
  fs.rmSync(path.join(dir, 'book.txt'));
  expect(await views()).toEqual({ show: evidence, exported: evidence });
});

it('a cut answer is traced, and ask and show label its passages as those of a cut answer', async () => {
  const plain = await cli(
    'ask',
    path.join(dir, 'cut.txt'),
    '-q',
    QUESTION,
    '--chunk-tokens',
    '400',
    '--json',
  );
  const { chunks } = JSON.parse(plain.stdout) as { chunks: unknown[] };
  // The next run's final reply comes whole (its box closed) but ended by the token limit.
  sim.setOptions({
    faults: [
      {
        kind: 'stopped-reply',
        every: chunks.length + 1,
        afterTokens: 100_000,
        finishReason: 'length',
      },
    ],
  });
  try {
    const asked = await cli(
      'ask',
      path.join(dir, 'cut.txt'),
      '-q',
      QUESTION,
      '--chunk-tokens',
      '400',
    );
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(
      new RegExp(
        `^AMBER-4471\\n\\(incomplete: [^)]+\\)\\n {2}${CUT_EVIDENCE}\\n {2}Source: “The secret launch code`,
      ),
    );
    const runId = /saved as run ([0-9a-f]+)/.exec(asked.stderr)?.[1] ?? '';
    const shown = await cli('show', runId);
    expect(shown.stdout).toMatch(
      new RegExp(`From the pages\\n {2}${CUT_EVIDENCE}\\n {2}chunk \\d+\\n`),
    );
    expect(shown.stdout).toContain('AMBER-4471.”');
  } finally {
    sim.setOptions({ faults: [] });
  }
});
