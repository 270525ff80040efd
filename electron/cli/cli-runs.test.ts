// `memagent runs` and `memagent show` as a user runs them: the real CLI process over a real
// library the app's service filled with the simulator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../shared/model.ts';
import { bookText } from '../core/ipc/service-harness.test-support.ts';
import { openStore } from '../core/store/store.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';
import { buildLibrary } from './library-fixture.test-support.ts';
import { displayWidth, table } from './terminal-table.ts';

let dir: string;
let db: string;
let book: string;
let documentId: string;
let ids: { vault: string; who: string; failed: string };
const TZ = 'Asia/Tokyo';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-runs-'));
  book = path.join(dir, 'book.txt');
  fs.writeFileSync(book, bookText(120));
  const built = await buildLibrary(
    dir,
    book,
    [
      { question: 'What is the vault code?' },
      { question: 'Who set the code?' },
      { question: 'When was the code set?', fail: true },
    ],
    256,
  );
  documentId = built.documentId;
  const [vault, who, failed] = built.runIds as [string, string, string];
  ids = { vault, who, failed };
  db = path.join(dir, 'memagent.db');
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The command in this process, in Tokyo's time zone (its context's TZ). */
const cli = (...args: string[]) => runCliInProcess([...args, '--db', db], { TZ });
/** A real `memagent` process, with TZ in its environment. */
const spawned = (...args: string[]) => runCli([...args, '--db', db], { TZ });

/** The time as `memagent` prints it in Tokyo. */
function tokyo(at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('memagent runs', () => {
  it('lists every run newest first with document, question, status, chunks, local times and answer', async () => {
    const r = await cli('runs');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [head, ...rows] = r.stdout.trimEnd().split('\n');
    expect(head).toMatch(/^ID +DOCUMENT +QUESTION +STATUS +CHUNKS +ASKED +FINISHED +ANSWER$/);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      new RegExp(`^${ids.failed.slice(0, 8)} +book\\.txt +When was the code set\\? +error +0/27 `),
    );
    expect(rows[2]).toMatch(
      new RegExp(`^${ids.vault.slice(0, 8)} +book\\.txt +What is the vault code\\? +done +27/27 `),
    );
    expect(rows[2]).toMatch(/ 4711$/);
    const store = openStore(dir, db);
    const created = store.runs.get(ids.vault)?.createdAt ?? 0;
    store.close();
    expect(rows[2]).toContain(tokyo(created));
  });

  it('names a finished run with no extractable answer "no-answer", not "done", in runs and show', async () => {
    const store = openStore(dir, db);
    const usage = { promptTokens: 1, completionTokens: 1 };
    const before = store.runs.answer(ids.who);
    store.runs.saveAnswer(ids.who, {
      answer: null,
      response: 'I cannot tell.',
      usage,
      ms: 1,
      cut: false,
    });
    store.close();
    try {
      const table = await cli('runs');
      expect(table.stdout).toMatch(
        new RegExp(`^${ids.who.slice(0, 8)} .* no-answer +27/27 .*\\(no answer\\)$`, 'm'),
      );
      const json = JSON.parse((await cli('runs', '--json')).stdout) as {
        id: string;
        state: string;
      }[];
      expect(json.map((run) => [run.id, run.state])).toEqual([
        [ids.failed, 'error'],
        [ids.who, 'no-answer'],
        [ids.vault, 'done'],
      ]);
      // `--status` takes the states the STATUS column prints, a finished run's among them.
      const only = async (...words: string[]) =>
        (
          JSON.parse((await cli('runs', '--json', '--status', words.join(','))).stdout) as {
            id: string;
          }[]
        ).map((run) => run.id);
      expect(await only('no-answer')).toEqual([ids.who]);
      expect(await only('error', 'no-answer')).toEqual([ids.failed, ids.who]);
      expect(await only('done')).toEqual([ids.who, ids.vault]);
      expect(await only('incomplete')).toEqual([]);
      expect((await cli('runs', '--status', 'no-answer')).stdout).toMatch(
        new RegExp(`^${ids.who.slice(0, 8)} .* no-answer `, 'm'),
      );
      expect((await cli('runs', '--status', 'answered')).stderr).toMatch(
        /"answered" is not a status; use .*no-answer, incomplete/,
      );
      expect((await cli('show', ids.who.slice(0, 8))).stdout).toMatch(
        /^ {2}no-answer · 27\/27 chunks/m,
      );
    } finally {
      const restore = openStore(dir, db);
      if (before) restore.runs.saveAnswer(ids.who, { ...before, usage, ms: 1 });
      restore.close();
    }
  });

  it('--json has the whole runs and their documents', async () => {
    const r = await cli('runs', '--json');
    const runs = JSON.parse(r.stdout) as {
      id: string;
      answer?: string;
      document: { id: string; fileName: string };
    }[];
    expect(runs.map((run) => run.id)).toEqual([ids.failed, ids.who, ids.vault]);
    expect(runs[2]).toMatchObject({
      answer: '4711',
      document: { id: documentId, fileName: 'book.txt' },
    });
  });

  it('filters by status and by document: its file (found by its bytes, under any name) or an id prefix', async () => {
    expect((await cli('runs', '--status', 'error', '--json')).stdout).toContain(ids.failed);
    const done = JSON.parse((await cli('runs', '--status', 'done,interrupted', '--json')).stdout);
    expect(done.map((run: { id: string }) => run.id)).toEqual([ids.who, ids.vault]);
    const copy = path.join(dir, 'renamed copy.txt');
    fs.copyFileSync(book, copy);
    const byFile = JSON.parse((await cli('runs', '--document', copy, '--json')).stdout);
    expect(byFile).toHaveLength(3);
    const byPrefix = JSON.parse(
      (await cli('runs', '--document', documentId.slice(0, 6), '--json')).stdout,
    );
    expect(byPrefix).toHaveLength(3);
    const other = path.join(dir, 'other.txt');
    fs.writeFileSync(other, 'never read');
    const missing = await cli('runs', '--document', other);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(
      `memagent: ${other} has never been read into the library ${db}.`,
    );
    const badStatus = await cli('runs', '--status', 'finished');
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toContain('--status: "finished" is not a status');
  });

  it('--search finds runs holding every word, in question, answer, memory or title, and shows where', async () => {
    const r = await cli('runs', '--search', 'VAULT CODE');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('question: What is the «vault code»?');
    expect(r.stdout).toMatch(/memory after chunk \d+: (…)?.*The «vault code» is 4711/);
    const short = await cli('runs', '--search', '47', '--json');
    expect(JSON.parse(short.stdout).map((h: { id: string }) => h.id)).toContain(ids.vault);
    // Words, not a phrase: apart, in any order, one of them in the document's file name.
    const apart = JSON.parse((await cli('runs', '--search', '4711 vault', '--json')).stdout);
    // The run with a word in its question first.
    expect(apart[0]?.id).toBe(ids.vault);
    const titled = JSON.parse((await cli('runs', '--search', 'book vault', '--json')).stdout);
    expect(titled[0]?.id).toBe(ids.vault);
    const syntax = await cli('runs', '--search', 'vault OR zqxj');
    expect(syntax.stdout).toBe(
      `No run holding every word of "vault OR zqxj" in its question, answer, memories or document title in the library ${db}.\n`,
    );
  });

  it('an empty library, or none, says so in a sentence; listing creates no library', async () => {
    const none = path.join(dir, 'none.db');
    const missing = await runCliInProcess(['runs', '--db', none]);
    expect(missing.code).toBe(0);
    expect(missing.stdout).toBe(
      `There is no library at ${none} yet: ask a question with \`memagent ask FILE -q "..."\` or in the app.\n`,
    );
    expect(fs.existsSync(none)).toBe(false);
    const show = await runCliInProcess(['show', 'abcd', '--db', none]);
    expect(show.code).toBe(3);
    expect(show.stderr).toContain(`memagent: There is no library at ${none}.`);
    expect(fs.existsSync(none)).toBe(false);
    const empty = path.join(dir, 'empty.db');
    openStore(dir, empty).close();
    const r = await runCliInProcess(['runs', '--db', empty]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `The library ${empty} has no runs yet: ask a question with \`memagent ask FILE -q "..."\` or in the app.\n`,
    );
  });

  it('a damaged library is refused in a sentence naming it; the file is left as it was', async () => {
    const bad = path.join(dir, 'damaged.db');
    fs.writeFileSync(bad, 'this is not a database at all');
    for (const args of [['runs'], ['show', ids.vault]]) {
      const r = await runCliInProcess([...args, '--db', bad]);
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `memagent: The library ${bad} is damaged: it is not a readable SQLite database.\n` +
          'hint: Move it aside together with its -wal and -shm files to start a new library (the app does this by itself when it starts), or use another library with --db FILE.\n',
      );
    }
    expect(fs.readFileSync(bad, 'utf8')).toBe('this is not a database at all');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('damaged.db'))).toEqual(['damaged.db']);
  });
});

describe('memagent show', () => {
  it('shows question, answer, the passage and page it came from, and the whole 27-chunk timeline', async () => {
    // A real process, end to end; the rest of the file runs the command in process.
    const r = await spawned('show', ids.vault.slice(0, 6));
    expect(r.stderr).toBe('');
    const out = r.stdout;
    expect(out).toContain(`Run ${ids.vault}\n  done · 27/27 chunks · asked `);
    expect(out).toContain('Question\n  What is the vault code?\n');
    expect(out).toContain('Answer\n  4711\n');
    expect(out).toMatch(
      /From the pages\n {2}chunk \d+ \(quoted by the model\)\n {4}“The vault code is 4711\.”/,
    );
    const timeline = out.split('\n').filter((l) => /^[* ] +\d+ {2}/.test(l));
    expect(timeline).toHaveLength(27);
    expect(timeline.filter((l) => l.startsWith('*'))).toHaveLength(1);
    expect(out).toContain('Final memory (after chunk 27)\n  The vault code is 4711.');
  });

  it('a failed run: its retry warnings are one line, its unread chunks one line', async () => {
    const r = await cli('show', ids.failed);
    expect(r.stdout).toContain('Answer\n  (none: the run failed)\n');
    expect(r.stdout).toMatch(/\n {2}2 retries; the last: Retrying a request \(attempt 3\)/);
    expect(r.stdout).toContain('       ┆ chunks 1–27 not read\n');
    expect(r.stdout).not.toContain('From the pages');
  });

  it('shows the passages stored with the run without the text it read (no cache, no file)', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-show-'));
    try {
      const shown = await cli('show', ids.vault);
      // The library alone, without the text cache, and the file gone: nothing to read text from.
      fs.copyFileSync(db, path.join(other, 'memagent.db'));
      const moved = `${book}.away`;
      fs.renameSync(book, moved);
      try {
        const r = await runCliInProcess(
          ['show', ids.vault, '--db', path.join(other, 'memagent.db')],
          {
            TZ,
          },
        );
        expect(r.stderr).toBe('');
        expect(r.stdout).toMatch(/From the pages\n {2}chunk \d+ \(quoted by the model\)\n/);
        expect(r.stdout).toBe(shown.stdout);
      } finally {
        fs.renameSync(moved, book);
      }
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('a 700-chunk run folds to a screenful; --all shows every chunk', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-long-'));
    try {
      const store = openStore(other);
      store.documents.upsert({
        id: 'a'.repeat(64),
        fileName: 'long.pdf',
        format: 'pdf',
        title: 'A long book',
        chars: 1,
        openedAt: 1,
        warnings: [],
      });
      store.runs.create({
        id: 'long-run-0001',
        documentId: 'a'.repeat(64),
        question: 'What happened?',
        settings: DEFAULT_RUN_SETTINGS,
        status: 'done',
        createdAt: 1,
        textKey: 'a'.repeat(64),
      });
      store.runs.setChunks(
        'long-run-0001',
        Array.from({ length: 700 }, (_, i) => ({
          index: i,
          start: i * 10,
          end: i * 10 + 10,
          tokens: 5000,
          pages: { first: i + 1, last: i + 2 },
        })),
      );
      let memory = 'Nothing yet.';
      for (let chunk = 0; chunk < 700; chunk += 1) {
        // Every 50th chunk brings something; the rest keep the memory or touch a word.
        if (chunk % 50 === 0) memory += ` Event ${chunk} happened on page ${chunk + 1}.`;
        else if (chunk % 7 === 0) memory = memory.replace(/\s*$/, ' ');
        store.runs.saveMemory('long-run-0001', {
          chunk,
          memory,
          usage: { promptTokens: 1, completionTokens: 1 },
          ms: 1,
          kept: chunk % 13 === 5,
        });
      }
      store.close();
      const file = path.join(other, 'memagent.db');
      const folded = await runCliInProcess(['show', 'long-run', '--db', file]);
      const lines = folded.stdout.split('\n');
      expect(folded.stdout).toContain('Memory timeline (700 chunks read of 700; ');
      expect(lines.length).toBeLessThan(80);
      expect(lines.filter((l) => /^[* ] +\d+ {2}/.test(l)).length).toBeGreaterThanOrEqual(6);
      expect(folded.stdout).toMatch(
        /┆ chunks \d+–\d+ folded \(\d+ chunks: \+\d+ −\d+ words in all/,
      );
      // The chunks that brought events are among those shown.
      expect(lines.some((l) => /^ +351 {2}pp\. 351–352 +5,000 tok {2}\+6 −0 words$/.test(l))).toBe(
        true,
      );
      const all = await runCliInProcess(['show', 'long-run', '--db', file, '--all']);
      expect(all.stdout.split('\n').filter((l) => /^[* ] +\d+ {2}/.test(l))).toHaveLength(700);
      expect(all.stdout).toContain('kept the previous memory (reply empty or cut)');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('text from documents and models is shown, never obeyed', async () => {
    const store = openStore(dir, db);
    store.runs.create({
      id: 'hostile-0001',
      documentId,
      question: 'Evil \u001b]0;pwned\u0007 title \u202eexe.txt?',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'interrupted',
      createdAt: 1,
      textKey: documentId,
    });
    store.close();
    for (const args of [['runs'], ['show', 'hostile'], ['runs', '--search', 'pwned']]) {
      const r = await cli(...args);
      for (const raw of ['\u001b', '\u0007', '\u202e']) expect(r.stdout).not.toContain(raw);
      expect(r.stdout).toContain('Evil \\u001b]0;pwned\\u0007 title \\u202eexe.txt?');
    }
    const s = openStore(dir, db);
    s.runs.remove('hostile-0001');
    s.close();
  });
});

describe('the table on a terminal', () => {
  it('fits the width, counting a CJK character as two columns', () => {
    const rows = [
      [
        'abcd1234',
        '東京の地図と研究者の記録.pdf',
        '研究者は誰ですか、そしてなぜですか？'.repeat(3),
        'done',
        'The answer is long. '.repeat(10),
      ],
    ];
    const columns = [
      { title: 'ID' },
      { title: 'DOCUMENT', share: 1, min: 8 },
      { title: 'QUESTION', share: 2, min: 12 },
      { title: 'STATUS' },
      { title: 'ANSWER', share: 2, min: 10 },
    ];
    for (const width of [80, 100, 160]) {
      for (const line of table(columns, rows, width).split('\n'))
        expect(displayWidth(line)).toBeLessThanOrEqual(width);
    }
    // Not a terminal: nothing is cut.
    expect(table(columns, rows)).toContain(rows[0]?.[2]);
  });
});
