import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checklist } from '../../../shared/checklist.ts';
import type { AppError } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import {
  CHECKLIST_FORMATS,
  parseChecklist,
  writeChecklist,
  type ChecklistFormat,
} from './checklist-formats.ts';
import { readChecklistFile } from './checklist-file.ts';
import { CHECKLIST_TEMPLATES } from './checklist-templates.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'memagent-checklist-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `content` to a file of that name in the temp folder and reads it as a checklist. */
async function readAs(name: string, content: string | Uint8Array): Promise<Checklist> {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return readChecklistFile(file);
}

/** The CoreError a call throws (kind and sentence), or a failure when it throws none. */
async function refusal(call: () => unknown): Promise<AppError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof CoreError) return error.toValue();
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('text checklists', () => {
  it('reads one question a line, skipping a BOM, CRLF, blank lines and # comments', async () => {
    const checklist = await readAs(
      'Vendor basics.txt',
      '\uFEFF# Questions for every vendor contract\r\n\r\nWho is the supplier?\r\n   What is the term?  \r\n# end\r\n',
    );
    expect(checklist.name).toBe('Vendor basics');
    expect(checklist.id).toBe('vendor-basics');
    expect(checklist.questions.map((q) => [q.text, q.kind])).toEqual([
      ['Who is the supplier?', 'text'],
      ['What is the term?', 'text'],
    ]);
  });

  it('gives a question the same id wherever it stands, so an edited list keeps its cells', async () => {
    const before = await readAs('a.txt', 'Who is the supplier?\nWhat is the term?\n');
    const after = await readAs(
      'b.txt',
      'What law governs it?\nWhat is the term?\nWho is the supplier?\n',
    );
    const idOf = (c: Checklist, text: string) => c.questions.find((q) => q.text === text)?.id;
    expect(idOf(after, 'Who is the supplier?')).toBe(idOf(before, 'Who is the supplier?'));
    expect(idOf(after, 'What is the term?')).toBe(idOf(before, 'What is the term?'));
    expect(idOf(before, 'What is the term?')).toMatch(/^q-[0-9a-f]{8}$/);
  });

  it('refuses a file with no question and a question given twice, naming the lines', async () => {
    expect(await refusal(() => readAs('empty.txt', '# only a comment\n\n'))).toMatchObject({
      kind: 'Damaged',
      message: 'empty.txt: there is no question in it.',
    });
    expect(
      await refusal(() =>
        readAs('twice.txt', 'What is the term?\nWho pays?\nwhat is  the term?\n'),
      ),
    ).toMatchObject({
      kind: 'Damaged',
      message: 'twice.txt, line 3: the question repeats the one at line 1.',
    });
  });

  it('refuses an overlong question with its line', async () => {
    const long = 'Why '.repeat(300) + '?';
    expect(await refusal(() => readAs('long.txt', `Who?\n${long}\n`))).toMatchObject({
      message:
        'long.txt, line 2: the question is 1,201 characters long; a question has at most 1,000.',
    });
  });
});

describe('CSV checklists', () => {
  it('reads question,kind,guidance,expected with quotes, commas, doubled quotes and line breaks', async () => {
    const csv = [
      'question,kind,guidance,expected',
      'Does the contract renew automatically?,yes_no,"If it renews unless notice is given, answer Yes.",',
      'What is the liability cap?,Amount,"Quote the ""cap"" clause;',
      'give the figure.",',
      'Which law governs it?,text,,England',
      'Who is the supplier?,,,',
      '',
    ].join('\r\n');
    const checklist = await readAs('supplier.csv', csv);
    expect(checklist.questions).toEqual([
      expect.objectContaining({
        text: 'Does the contract renew automatically?',
        kind: 'yes_no',
        guidance: 'If it renews unless notice is given, answer Yes.',
      }),
      expect.objectContaining({
        kind: 'amount',
        guidance: 'Quote the "cap" clause;\ngive the figure.',
      }),
      expect.objectContaining({ text: 'Which law governs it?', kind: 'text', expected: 'England' }),
      expect.objectContaining({ text: 'Who is the supplier?', kind: 'text' }),
    ]);
    expect(checklist.questions[2]).not.toHaveProperty('guidance');
  });

  it('reads a file without a header, columns in their order, and a semicolon-separated one', async () => {
    const plain = await readAs(
      'plain.csv',
      'What is the term?,duration\nIs it mutual?,yes/no,Both parties bound.\n',
    );
    expect(plain.questions.map((q) => [q.text, q.kind, q.guidance])).toEqual([
      ['What is the term?', 'duration', undefined],
      ['Is it mutual?', 'yes_no', 'Both parties bound.'],
    ]);
    const semicolons = await readAs(
      'excel.csv',
      'question;kind\n"What is the rent; monthly?";amount\n',
    );
    expect(semicolons.questions[0]).toMatchObject({
      text: 'What is the rent; monthly?',
      kind: 'amount',
    });
  });

  it('refuses a bad file with the line and column', async () => {
    expect(
      await refusal(() => readAs('kind.csv', 'question,kind\nWho?,party\nWhen?,maybe\n')),
    ).toMatchObject({
      kind: 'Damaged',
      message:
        'kind.csv, line 3, column 2: “maybe” is not a kind of answer; use one of yes_no, date, amount, duration, party, clause, number, text.',
    });
    expect(
      await refusal(() => readAs('open.csv', 'question,kind\nWho?,party\n"When is it,date\n')),
    ).toMatchObject({
      message: 'open.csv, line 3, column 1: a quoted field is never closed.',
    });
    expect(
      await refusal(() => readAs('stray.csv', 'question,kind\nIs it "mutual"?,yes_no\n')),
    ).toMatchObject({
      message:
        'stray.csv, line 2, column 1: a quote is inside a field that does not start with one.',
    });
    expect(await refusal(() => readAs('after.csv', '"Who?"x,party\n'))).toMatchObject({
      message: 'after.csv, line 1, column 1: there is text after a closing quote.',
    });
    expect(
      await refusal(() => readAs('wide.csv', 'question,kind\nWho, or what?,party,,,,extra\n')),
    ).toMatchObject({
      message:
        'wide.csv, line 2, column 3: the row has more cells than the 2 columns (question, kind).',
    });
    expect(
      await refusal(() => readAs('header.csv', 'question,answer type\nWho?,party\n')),
    ).toMatchObject({
      message:
        'header.csv, line 1, column 2: “answer type” is not a column of a checklist; use question, kind, guidance, expected, id.',
    });
  });

  it('reads a spreadsheet’s Windows-1252 and UTF-16 files', async () => {
    const cp1252 = Uint8Array.from([
      ...Buffer.from('question\nWhat is the fee in '),
      0x80,
      ...Buffer.from('?\n'),
    ]);
    expect((await readAs('cp1252.csv', cp1252)).questions[0]?.text).toBe('What is the fee in €?');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('question,kind\nWho?,party\n', 'utf16le'),
    ]);
    expect((await readAs('utf16.csv', utf16)).questions[0]).toMatchObject({
      text: 'Who?',
      kind: 'party',
    });
  });
});

describe('JSON checklists', () => {
  it('reads a hand-written file with names for kinds, and a bare list', async () => {
    const checklist = await readAs(
      'nda.json',
      JSON.stringify({
        name: 'NDA basics',
        questions: [{ text: 'Is it mutual?', kind: 'Yes / No' }, 'Who are the parties?'],
      }),
    );
    expect(checklist).toMatchObject({ id: 'nda-basics', name: 'NDA basics' });
    expect(checklist.questions.map((q) => q.kind)).toEqual(['yes_no', 'text']);
    const bare = await readAs('bare.json', '["What is the term?"]');
    expect(bare.name).toBe('bare');
  });

  it('refuses bad JSON with its line and column, and a bad question with its number', async () => {
    expect(
      await refusal(() =>
        readAs('syntax.json', '{\n  "name": "x",\n  "questions": [\n    "Who?",\n  ]\n}\n'),
      ),
    ).toMatchObject({
      kind: 'Damaged',
      message: 'syntax.json, line 5, column 3: this is not valid JSON: “]” is not expected here.',
    });
    expect(
      await refusal(() =>
        readAs('field.json', '{"questions": [{"text": "Who?"}, {"text": "When?", "kind": 3}]}'),
      ),
    ).toMatchObject({
      message: 'field.json, question 2: “kind” is not text.',
    });
    expect(
      await refusal(() =>
        readAs('unknown.json', '{"questions": [{"text": "Who?", "answer": "x"}]}'),
      ),
    ).toMatchObject({
      message: expect.stringContaining(
        'unknown.json, question 1: “answer” is not a field of a question',
      ),
    });
    expect(
      await refusal(() =>
        readAs(
          'ids.json',
          '{"questions": [{"id": "a", "text": "Who?"}, {"id": "a", "text": "When?"}]}',
        ),
      ),
    ).toMatchObject({
      message: 'ids.json, question 2: the id “a” is already the id of the question at question 1.',
    });
  });
});

describe('YAML checklists', () => {
  it('reads a hand-written file: kinds by name, guidance over several lines, every value as text', async () => {
    const checklist = await readAs(
      'Lease basics.yml',
      [
        '# Questions for every lease',
        'questions:',
        '  - text: Is there a break clause?',
        '    kind: Yes / No',
        '  - text: What is the rent?',
        '    kind: money',
        '    expected: 12000',
        '    guidance: |',
        '      The annual rent, not the monthly one.',
        '      Ignore service charges.',
        '  - When does the lease end?',
      ].join('\n'),
    );
    expect(checklist).toMatchObject({ id: 'lease-basics', name: 'Lease basics' });
    expect(checklist.questions.map((q) => [q.text, q.kind, q.expected, q.guidance])).toEqual([
      ['Is there a break clause?', 'yes_no', undefined, undefined],
      [
        'What is the rent?',
        'amount',
        '12000',
        'The annual rent, not the monthly one.\nIgnore service charges.',
      ],
      ['When does the lease end?', 'text', undefined, undefined],
    ]);
  });

  it('refuses bad YAML with its line and column, and a bad question with its line', async () => {
    expect(
      await refusal(() => readAs('indent.yaml', 'questions:\n  - Who?\n - When?\n')),
    ).toMatchObject({
      kind: 'Damaged',
      message: expect.stringMatching(/^indent\.yaml, line 3, column \d+: this is not valid YAML: /),
    });
    expect(
      await refusal(() => readAs('twice.yaml', 'name: a\nname: b\nquestions: [Who?]\n')),
    ).toMatchObject({
      message: expect.stringMatching(
        /^twice\.yaml, line 2, column 1: this is not valid YAML: .*unique/,
      ),
    });
    expect(
      await refusal(() =>
        readAs('kind.yaml', 'questions:\n  - text: Who?\n\n  - text: When?\n    kind: maybe\n'),
      ),
    ).toMatchObject({
      message: expect.stringContaining('kind.yaml, line 4: “maybe” is not a kind of answer'),
    });
    expect(
      await refusal(() =>
        readAs('field.yaml', 'questions:\n  - text: Who?\n    kind:\n      - party\n'),
      ),
    ).toMatchObject({ message: 'field.yaml, line 2: “kind” is not text.' });
    expect(await refusal(() => readAs('none.yaml', 'name: x\n'))).toMatchObject({
      message: 'none.yaml: there is no “questions” list in it.',
    });
  });

  it('refuses aliases that unfold into too much text', async () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 8 }, (_, i) => {
        const prev = String.fromCharCode(97 + i);
        const next = String.fromCharCode(98 + i);
        return `${next}: &${next} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`;
      }),
      'questions: *i',
    ].join('\n');
    expect(await refusal(() => readAs('bomb.yaml', bomb))).toMatchObject({
      kind: 'Damaged',
      message: 'bomb.yaml: its aliases unfold into too much text.',
    });
  });
});

describe('sizes', () => {
  it('refuses a 50 MB file before reading it', async () => {
    const file = path.join(dir, 'huge.csv');
    await writeFile(file, '');
    const { truncate } = await import('node:fs/promises');
    await truncate(file, 50 * 1024 * 1024);
    expect(await refusal(() => readChecklistFile(file))).toMatchObject({
      kind: 'TooLarge',
      message:
        'huge.csv is 50 MB; a checklist file is at most 2 MB (500 questions with long guidance).',
    });
  });

  it('refuses 10,000 questions in every format with one sentence', async () => {
    const questions = Array.from({ length: 10_000 }, (_, i) => `Question ${i + 1}?`);
    const expected = {
      kind: 'TooLarge',
      message: expect.stringMatching(
        /has (more than 500|10,000) questions; a checklist has at most 500, because each question is a full read of every document\.$/,
      ),
    };
    expect(await refusal(() => readAs('many.txt', questions.join('\n')))).toMatchObject(expected);
    expect(await refusal(() => readAs('many.csv', questions.join('\n')))).toMatchObject(expected);
    expect(await refusal(() => readAs('many.json', JSON.stringify(questions)))).toMatchObject(
      expected,
    );
  });

  it('reads 500 questions', async () => {
    const questions = Array.from({ length: 500 }, (_, i) => `Question ${i + 1}?`);
    expect((await readAs('full.txt', questions.join('\n'))).questions).toHaveLength(500);
  });
});

describe('formats', () => {
  it('refuses unknown extensions with the formats that work', async () => {
    expect(await refusal(() => readAs('list.docx', 'x'))).toMatchObject({
      kind: 'Unsupported',
      message: 'list.docx is not a checklist file.',
    });
  });

  it('places a cut-off JSON file at its end', () => {
    expect(() =>
      parseChecklist('{"questions": ["Who?"', 'json', { source: 'cut.json', name: 'x' }),
    ).toThrow('cut.json, line 1, column 22: this is not valid JSON: it ends too early.');
  });

  it('refuses a missing file as every user file is', async () => {
    expect(await refusal(() => readChecklistFile(path.join(dir, 'missing.csv')))).toMatchObject({
      kind: 'NotFound',
    });
  });
});

describe('export and import', () => {
  const awkward: Checklist = {
    id: 'awkward',
    name: 'Awkward “quotes”, commas',
    questions: [
      { id: 'q1', text: '=HYPERLINK("http://x") is this a formula?', kind: 'text' },
      { id: 'q2', text: "'+quoted already?", kind: 'number', guidance: 'Line one,\nline "two"' },
      { id: 'cap', text: 'What is the cap; in €?', kind: 'amount', expected: '€1,000,000' },
      { id: 'x.y_z-1', text: '@mention? -dash', kind: 'clause', guidance: '#not a comment' },
    ],
  };

  it('reads back what CSV, JSON and YAML write, every template and every awkward value', () => {
    for (const format of ['csv', 'json', 'yaml'] as ChecklistFormat[])
      for (const checklist of [...CHECKLIST_TEMPLATES, awkward]) {
        const text = writeChecklist(checklist, format);
        const back = parseChecklist(text, format, {
          source: `x.${format}`,
          name: checklist.name,
          id: checklist.id,
        });
        expect(back, `${checklist.id} as ${format}`).toEqual(checklist);
      }
  });

  it('guards cells a spreadsheet would run as formulas', () => {
    const csv = writeChecklist(awkward, 'csv');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"") is this a formula?"`);
    expect(csv).toContain(`''+quoted already?`);
    expect(csv.split('\r\n')[0]).toBe('question,kind,guidance,expected,id');
  });

  it('writes the questions of a text list, which read back as the same questions', () => {
    const questions = CHECKLIST_TEMPLATES[0]!.questions.map(({ id, text }) => ({
      id,
      text,
      kind: 'text' as const,
    }));
    const list: Checklist = {
      id: 'supplier-contract-review',
      name: 'Supplier contract review',
      questions,
    };
    const text = writeChecklist(list, 'text');
    expect(text.startsWith('# Supplier contract review\n')).toBe(true);
    const back = parseChecklist(text, 'text', { source: 'x.txt', name: list.name });
    expect(back.questions.map((q) => q.text)).toEqual(questions.map((q) => q.text));
    expect(back.name).toBe(list.name);
  });

  it('writes YAML with its name and id, reading back the same checklist from its file', async () => {
    const text = writeChecklist(awkward, 'yaml');
    expect(text.startsWith('format: memagent-checklist\nversion: 1\nid: awkward\n')).toBe(true);
    expect(await readAs('other name.yaml', text)).toEqual(awkward);
  });

  it('knows four formats', () => {
    expect(CHECKLIST_FORMATS).toEqual(['text', 'csv', 'json', 'yaml']);
  });
});
