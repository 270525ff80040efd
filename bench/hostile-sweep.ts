// The fault and hostile-input sweep of issue 22, from outside: `memagent ask`, `show`, `export`
// and `extract` in their own processes (under /usr/bin/time for peak RSS) against a server of
// this script's own that breaks the reply contract at the chunk holding the needle, and against
// hostile files. Each trial prints its outcome: right, SILENTLY WRONG (exit 0, a wrong answer and
// no warning), warned (a wrong or missing answer with a warning naming the cause), an error
// sentence, or a hang. `--repo DIR` runs another checkout's code (e.g. the commit before a fix).
//   npm exec -- node bench/hostile-sweep.ts [--repo DIR] [--only NAME] [--skip-big]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { simulateReply } from '../sim/memory-agent.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const repo = resolve(option('--repo') ?? resolve(import.meta.dirname, '..'));
const only = option('--only');
const skipBig = args.includes('--skip-big');
const MB = 1024 * 1024;
const NEEDLE = 'The access code of the vault is 7318-Quartz.';
const QUESTION = 'What is the access code of the vault?';
const EXPECTED = '7318-Quartz';

// ---- the hostile server -------------------------------------------------------------------

/** How the server breaks the reply to the request whose prompt holds the needle (or the final). */
interface Fault {
  /** Which request: the memory update that reads the needle, or the final answer. */
  at: 'needle' | 'final';
  /** How many times (then it answers well: a transient fault). */
  times: number;
  finishReason?: string;
  /** Keep only the first N characters of the reply. */
  cutTo?: number;
  /** Or cut N characters after a marker (mid-answer, mid-needle). */
  cutAfter?: { marker: string; extra: number };
  /** Replace the content: '' , null, or a non-string delta. */
  content?: '' | null | 'number';
  /** Pad the reply to this many characters, ignoring max_tokens. */
  padTo?: number;
  /** Also every later update (the needle already in memory): the memory stays huge. */
  sticky?: boolean;
}

let fault: Fault | undefined;
let faultsLeft = 0;

function promptOf(body: { messages?: { content?: unknown }[] }): string {
  return (body.messages ?? [])
    .map((m) => (typeof m.content === 'string' ? m.content : ''))
    .join('\n');
}

function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
  if (req.url?.endsWith('/models')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ object: 'list', data: [{ id: 'hostile/sim', max_model_len: 32768 }] }),
    );
    return;
  }
  const body = JSON.parse(raw) as {
    messages?: { content?: unknown }[];
    max_tokens?: number;
    stream?: boolean;
  };
  const prompt = promptOf(body);
  const maxTokens = body.max_tokens ?? 1024;
  let reply = simulateReply(prompt, {
    maxTokens,
    seed: 1,
    countTokens: (t) => Math.ceil(t.length / 4),
  });
  let finishReason = 'stop';
  let content: string | null | number = reply;
  const isFinal = !prompt.includes('<section>');
  const hit =
    fault !== undefined &&
    faultsLeft > 0 &&
    (fault.at === 'final'
      ? isFinal
      : !isFinal &&
        prompt.includes('7318-Quartz') &&
        (fault.sticky === true || !/<memory>[^]*7318-Quartz[^]*<\/memory>/.test(prompt)));
  if (hit && fault !== undefined) {
    faultsLeft -= 1;
    if (fault.cutTo !== undefined) reply = reply.slice(0, fault.cutTo);
    if (fault.cutAfter !== undefined) {
      const at = reply.indexOf(fault.cutAfter.marker);
      if (at >= 0) reply = reply.slice(0, at + fault.cutAfter.marker.length + fault.cutAfter.extra);
    }
    if (fault.padTo !== undefined)
      reply = reply + ' ' + '記'.repeat(Math.max(0, fault.padTo - reply.length));
    content = reply;
    if (fault.content === '') content = '';
    if (fault.content === null) content = null;
    if (fault.content === 'number') content = 12345;
    if (fault.finishReason !== undefined) finishReason = fault.finishReason;
  }
  const usage = {
    prompt_tokens: Math.ceil(prompt.length / 4),
    completion_tokens: 10,
    total_tokens: 0,
  };
  if (body.stream !== true) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        model: 'hostile/sim',
        choices: [
          { index: 0, message: { role: 'assistant', content }, finish_reason: finishReason },
        ],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (delta: unknown, finish: string | null): void => {
    res.write(
      `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', model: 'hostile/sim', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  };
  send({ role: 'assistant' }, null);
  if (typeof content === 'string') {
    // Large pieces, so a padded reply of megabytes goes out quickly.
    for (let i = 0; i < content.length; i += 64 * 1024)
      send({ content: content.slice(i, i + 64 * 1024) }, null);
  } else send({ content }, null);
  send({}, finishReason);
  res.write(`data: ${JSON.stringify({ id: 'x', choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

const server = createServer((req, res) => {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (raw += c));
  req.on('end', () => {
    try {
      handle(req, res, raw);
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

// ---- running the command line -------------------------------------------------------------

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
  peakMb: number;
  wallS: number;
  hung: boolean;
}

/** The CLI in its own process under /usr/bin/time; asynchronous so this server keeps answering. */
async function cli(argv: string[], timeoutS = 180): Promise<Outcome> {
  const { spawn } = await import('node:child_process');
  return await new Promise((done) => {
    const child = spawn(
      '/usr/bin/time',
      ['-f', 'TIME %M %e', process.execPath, join(repo, 'electron/cli/main.ts'), ...argv],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let stdoutBytes = 0;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    // Keep the head of a huge output only: the sweep looks at the sentence, not megabytes.
    child.stdout.on('data', (c: string) => {
      stdoutBytes += c.length;
      if (stdout.length < 256 * MB) stdout += c;
    });
    child.stderr.on('data', (c: string) => {
      if (stderr.length < 256 * 1024) stderr += c;
    });
    const started = Date.now();
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      // time(1) and node: end the whole group of this trial.
      child.kill('SIGKILL');
      spawnSync('pkill', ['-KILL', '-f', join(repo, 'electron/cli/main.ts')]);
    }, timeoutS * 1000);
    child.on('close', (status) => {
      clearTimeout(timer);
      const time = /TIME (\d+) ([\d.]+)/.exec(stderr);
      void stdoutBytes;
      done({
        status: hung ? null : status,
        stdout,
        stderr: stderr.replace(/.*TIME \d+ [\d.]+\n?/, ''),
        peakMb: time ? Number(time[1]) / 1024 : NaN,
        wallS: time ? Number(time[2]) : (Date.now() - started) / 1000,
        hung,
      });
    });
  });
}

const firstLine = (text: string): string =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('Command exited'))
    .slice(-3)
    .join(' / ')
    .slice(0, 160);

const dir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
const rows: string[] = [];
/** Bad: a silently wrong answer, a hang, a crash, over 1 GB, or a file "not found" that is there. */
function verdict(outcome: string, o: Outcome | undefined): string {
  if (/SILENTLY WRONG|HUNG|unexpected internal error/i.test(outcome)) return 'BAD';
  if (o !== undefined && o.peakMb > 1024) return 'BAD (> 1 GB)';
  return 'ok';
}

function row(kind: string, trial: string, outcome: string, o: Outcome | undefined): void {
  const line = `| ${kind} | ${trial} | ${outcome.replaceAll('|', '\\|')} | ${o ? `${o.status ?? 'killed'}` : ''} | ${o ? o.peakMb.toFixed(0) : ''} | ${o ? o.wallS.toFixed(1) : ''} | ${verdict(outcome, o)} |`;
  rows.push(line);
  console.log(line);
}

// ---- replies that break the contract ------------------------------------------------------

/** A document of `chunks` chunks at 400 tokens each, the needle in the middle one. */
function needleDocument(chunks: number): string {
  const filler = (i: number): string =>
    `Paragraph ${i} describes the weather over the harbour, the ships at anchor and the gulls. `.repeat(
      18,
    );
  const parts: string[] = [];
  for (let i = 0; i < chunks; i += 1) {
    parts.push(filler(i));
    if (i === Math.floor(chunks / 2)) parts.push(NEEDLE);
  }
  return parts.join('\n\n');
}
const doc = join(dir, 'vault.txt');
writeFileSync(doc, needleDocument(8));

const replyTrials: { name: string; fault?: Fault }[] = [
  { name: 'no fault' },
  {
    name: 'content_filter cuts the final reply in the box',
    fault: {
      at: 'final',
      times: 9,
      finishReason: 'content_filter',
      cutAfter: { marker: '\\boxed{', extra: 2 },
    },
  },
  {
    name: 'content_filter cuts the final reply at the box',
    fault: {
      at: 'final',
      times: 9,
      finishReason: 'content_filter',
      cutAfter: { marker: '\\bo', extra: 0 },
    },
  },
  {
    name: 'content_filter cuts the needle update',
    fault: {
      at: 'needle',
      times: 9,
      finishReason: 'content_filter',
      cutAfter: { marker: 'vault is 73', extra: 0 },
    },
  },
  {
    name: 'tool_calls at the needle update',
    fault: {
      at: 'needle',
      times: 9,
      finishReason: 'tool_calls',
      cutAfter: { marker: 'vault is 73', extra: 0 },
    },
  },
  {
    name: 'unknown finish reason on the final',
    fault: {
      at: 'final',
      times: 9,
      finishReason: 'eos_weird',
      cutAfter: { marker: '\\boxed{', extra: 2 },
    },
  },
  { name: 'empty content once at the needle', fault: { at: 'needle', times: 1, content: '' } },
  { name: 'content null once at the needle', fault: { at: 'needle', times: 1, content: null } },
  {
    name: 'non-string delta once at the needle',
    fault: { at: 'needle', times: 1, content: 'number' },
  },
  {
    name: '6 MB memory (max_tokens ignored)',
    fault: { at: 'needle', times: 99, padTo: 6 * MB, sticky: true },
  },
  ...(skipBig
    ? []
    : [
        {
          name: '50 MB memory (max_tokens ignored)',
          fault: { at: 'needle' as const, times: 99, padTo: 50 * MB, sticky: true },
        },
      ]),
];

console.log(`code: ${repo}`);
console.log(
  `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${loadavg()[0]?.toFixed(1)}`,
);
console.log('| kind | trial | outcome | exit | peak RSS MB | wall s | verdict |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');

for (const trial of replyTrials) {
  if (only !== undefined && !trial.name.includes(only)) continue;
  fault = trial.fault;
  faultsLeft = trial.fault?.times ?? 0;
  const db = join(dir, `lib-${rows.length}.db`);
  const o = await cli([
    'ask',
    doc,
    '-q',
    QUESTION,
    '--base-url',
    baseUrl,
    '--db',
    db,
    '--json',
    '--chunk-tokens',
    '400',
    '--temperature',
    '0',
    '--quote-check',
    'off',
    '--retries',
    '1',
  ]);
  let outcome: string;
  let runId: string | undefined;
  try {
    const json = JSON.parse(o.stdout) as {
      answer?: string | null;
      answer_cut?: boolean;
      warnings?: { code: string; message: string }[];
      runId?: string;
    };
    runId = json.runId;
    // The untrained-model note and retries say nothing about this reply.
    const said = (json.warnings ?? []).filter(
      (w) => w.code !== 'generic-model' && w.code !== 'retry',
    );
    const warned = said.length > 0 || json.answer_cut === true;
    const right = typeof json.answer === 'string' && json.answer.includes(EXPECTED);
    outcome = right
      ? warned
        ? 'right (warned)'
        : 'right'
      : o.status === 0 && !warned
        ? `SILENTLY WRONG: ${JSON.stringify(json.answer)?.slice(0, 40)}`
        : `warned: ${
            said
              .map((w) => `${w.code}: ${w.message}`)
              .join(' / ')
              .slice(0, 160) || firstLine(o.stderr)
          }`;
  } catch {
    outcome = o.hung ? 'HUNG' : `error: ${firstLine(o.stderr)}`;
  }
  row('reply', trial.name, outcome, o);
  fault = undefined;
  if (runId !== undefined && trial.fault?.padTo !== undefined) {
    const shown = await cli(['show', runId, '--db', db]);
    row(
      'reply',
      `  then show`,
      shown.status === 0 ? 'shown' : `error: ${firstLine(shown.stderr)}`,
      shown,
    );
    for (const format of ['md', 'html', 'json']) {
      const ex = await cli([
        'export',
        runId,
        '--db',
        db,
        '-o',
        join(dir, `x-${rows.length}.${format}`),
      ]);
      row(
        'reply',
        `  then export ${format}`,
        ex.status === 0 ? 'written' : `error: ${firstLine(ex.stderr)}`,
        ex,
      );
    }
  }
  rmSync(db, { force: true });
}

// ---- hostile files ------------------------------------------------------------------------

/** A PDF whose page tree reuses one node: `outer` kids that are all one node of `inner` kids that are all one page. */
function repeatedPageTree(outer: number, inner: number): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${outer * inner} /Kids [${' 3 0 R'.repeat(outer)} ] >>`,
    `<< /Type /Pages /Parent 2 0 R /Count ${inner} /Kids [${' 4 0 R'.repeat(inner)} ] >>`,
    '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 200 200] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
    null, // the content stream, below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 12 Tf 20 100 Td (The same page again and again.) Tj ET';
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    const text = body ?? `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    out += `${i + 1} 0 obj\n${text}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

function epubWithEntries(count: number): Uint8Array {
  const files: Record<string, Uint8Array> = {
    mimetype: new TextEncoder().encode('application/epub+zip'),
  };
  for (let i = 0; i < count; i += 1) files[`OEBPS/f${i}.txt`] = new Uint8Array(0);
  return zipSync(files);
}

const fileTrials: { name: string; argv: () => string[]; timeoutS?: number; big?: boolean }[] = [
  {
    name: 'named pipe with no writer (extract)',
    argv: () => {
      const fifo = join(dir, 'pipe.txt');
      spawnSync('mkfifo', [fifo]);
      return ['extract', fifo];
    },
    timeoutS: 20,
  },
  {
    name: 'symlink loop',
    argv: () => {
      symlinkSync(join(dir, 'loop-b'), join(dir, 'loop-a'));
      symlinkSync(join(dir, 'loop-a'), join(dir, 'loop-b'));
      return ['extract', join(dir, 'loop-a')];
    },
  },
  {
    name: 'dangling symlink',
    argv: () => {
      symlinkSync(join(dir, 'gone.pdf'), join(dir, 'dangling.pdf'));
      return ['extract', join(dir, 'dangling.pdf')];
    },
  },
  { name: '300-character name', argv: () => ['extract', join(dir, `${'n'.repeat(300)}.txt`)] },
  {
    name: 'PDF page tree 300 × 1,000 of one page',
    argv: () => {
      writeFileSync(join(dir, 'tree-300.pdf'), repeatedPageTree(300, 1000));
      return ['extract', join(dir, 'tree-300.pdf')];
    },
  },
  {
    name: 'PDF page tree 1,000 × 1,000 of one page',
    argv: () => {
      writeFileSync(join(dir, 'tree-1000.pdf'), repeatedPageTree(1000, 1000));
      return ['extract', join(dir, 'tree-1000.pdf')];
    },
  },
  {
    name: 'EPUB of 20,001 entries',
    argv: () => {
      writeFileSync(join(dir, 'many.epub'), epubWithEntries(20_001));
      return ['extract', join(dir, 'many.epub')];
    },
  },
  {
    name: '500 MB text file (extract)',
    big: true,
    argv: () => {
      const file = join(dir, 'big.txt');
      const line = 'All work and no play makes a long document, line after line after line.\n';
      writeFileSync(file, line.repeat(Math.ceil((500 * MB) / line.length)));
      return ['extract', file];
    },
  },
  {
    name: '500 MB text file (ask --dry-run)',
    big: true,
    argv: () => [
      'ask',
      join(dir, 'big.txt'),
      '-q',
      QUESTION,
      '--dry-run',
      '--tokenizer',
      'o200k',
      '--no-save',
    ],
  },
];

mkdirSync(dir, { recursive: true });
for (const trial of fileTrials) {
  if (only !== undefined && !trial.name.includes(only)) continue;
  if (skipBig && trial.big === true) continue;
  const o = await cli(trial.argv(), trial.timeoutS ?? 180);
  const outcome = o.hung
    ? `HUNG (killed after ${trial.timeoutS ?? 180} s)`
    : o.status === 0
      ? `read: ${o.stdout.length >= 256 * MB ? '≥ 256 MB' : `${(o.stdout.length / 1024).toFixed(0)} KB`} of text`
      : firstLine(o.stderr);
  row('file', trial.name, outcome, o);
}

server.close();
rmSync(dir, { recursive: true, force: true });
const bad = rows.filter((r) => r.includes('| BAD')).length;
console.log(`\n${rows.length} trials; ${bad} bad (silently wrong, hung, crashed or over 1 GB).`);
