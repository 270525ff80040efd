// Document text, model output, model names and error text reach the terminal through every
// command; none of their control or bidi characters may reach it raw.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';

/** Sets the window title, clears the screen, writes the clipboard (OSC 52), a C1 CSI. */
const ESCAPES = '\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07\x9b31m';
const SHOWN = '\\u001b]0;PWNED\\u0007\\u001b[2J\\u001b]52;c;cHduZWQ=\\u0007\\u009b31m';
const SPOOF = 'report\u202Eexe.txt\u202C.txt';
const QUESTION = 'What is the secret launch code of the northern observatory?';

let sim: SimServer;
let dir: string;

/** The command in this process. */
const cli = (args: string[]) => runCliInProcess(args, { MEMAGENT_BASE_URL: sim.baseUrl });
/** A real `memagent` process: what reaches the real stdout. */
const spawned = (args: string[]) => runCli(args, { MEMAGENT_BASE_URL: sim.baseUrl });

/** Control and bidi characters other than the newline and tab that lay text out. */
const raw = (text: string) =>
  [...text].filter((c) => c !== '\n' && c !== '\t' && /[\p{Cc}\p{Bidi_Control}]/u.test(c));

beforeAll(async () => {
  sim = await startSimLlm({ model: `sim ${ESCAPES}\x00${SPOOF}` });
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-terminal-'));
  // HTML, because a text file with C0 controls is refused as binary; character references
  // carry them into the extracted text. C1 stays raw: HTML reads &#155; as Windows-1252.
  const references = ESCAPES.replace(/\p{Cc}/gu, (c) => (c < '\x80' ? `&#${c.charCodeAt(0)};` : c));
  writeFileSync(
    path.join(dir, 'hostile.html'),
    `<p>Weather in the valley was mild.</p><p>The secret launch code of the northern observatory is AMBER${references}${SPOOF}</p><p>Rain fell.</p>`,
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = ['ask', '--question', QUESTION, '--tokenizer', 'o200k'];

describe('what the CLI prints from documents, models and servers', () => {
  it('ask shows the escapes in the answer and in the model name instead of obeying them', async () => {
    const r = await spawned([...ask, path.join(dir, 'hostile.html')]);
    expect(r.code).toBe(0);
    // The answer, then the sentence it rests on, escapes shown in both.
    expect(r.stdout).toBe(
      `AMBER${SHOWN}report\\u202eexe.txt\\u202c.txt\n  Source (quoted by the model, confirmed by the memory trail): “The secret launch code of the northern observatory is AMBER${SHOWN}report\\u202eexe.txt\\u202c.txt”\n`,
    );
    expect(raw(r.stderr)).toEqual([]);
    expect(r.stderr).toContain(`model sim ${SHOWN}\\u0000report\\u202eexe.txt`);
  });

  it('ask --json stays JSON with the exact answer, and no raw control reaches the terminal', async () => {
    const r = await cli([...ask, path.join(dir, 'hostile.html'), '--json']);
    expect(r.code).toBe(0);
    expect(raw(r.stdout)).toEqual([]);
    const json = JSON.parse(r.stdout) as { answer: string };
    expect(json.answer).toBe(`AMBER${ESCAPES}${SPOOF}`);
  });

  it('extract shows the escapes in the document text; --json keeps them exactly', async () => {
    const text = await cli(['extract', path.join(dir, 'hostile.html')]);
    expect(text.code).toBe(0);
    expect(raw(text.stdout)).toEqual([]);
    expect(text.stdout).toContain(`AMBER${SHOWN}report\\u202eexe.txt\\u202c.txt\n`);
    const json = await cli(['extract', path.join(dir, 'hostile.html'), '--json']);
    expect(raw(json.stdout)).toEqual([]);
    expect((JSON.parse(json.stdout) as { text: string }).text).toContain(`AMBER${ESCAPES}${SPOOF}`);
  });

  it('models shows a hostile model name', async () => {
    const r = await cli(['models']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`sim ${SHOWN}\\u0000report\\u202eexe.txt\\u202c.txt\n`);
  });

  it('an error naming a hostile file shows the name', async () => {
    const r = await cli(['extract', path.join(dir, `missing${ESCAPES}${SPOOF}`)]);
    expect(r.code).toBe(3);
    expect(raw(r.stderr)).toEqual([]);
    expect(r.stderr).toContain(`missing${SHOWN}report\\u202eexe.txt\\u202c.txt`);
  });
});
