import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  TEMPLATE,
  TEMPLATE_FINAL_BOXED,
  TEMPLATE_FINAL_TEXT,
  fillFinalPrompt,
  fillMemoryPrompt,
  memoryPromptHead,
  memoryPromptSection,
} from './templates.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const memagentMd = path.resolve(repoRoot, '../shared/MEMAGENT.md');
// The spec's three fenced blocks, copied byte for byte into the repo so every clean clone checks
// the templates against them; the copy itself is checked against MEMAGENT.md where it exists.
const fixtureDir = path.join(repoRoot, 'test-fixtures/memagent-templates');
const TEMPLATES = [
  ['TEMPLATE', TEMPLATE],
  ['TEMPLATE_FINAL_BOXED', TEMPLATE_FINAL_BOXED],
  ['TEMPLATE_FINAL_TEXT', TEMPLATE_FINAL_TEXT],
] as const;
const fixtureOf = (name: string): Buffer => readFileSync(path.join(fixtureDir, `${name}.txt`));

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** The fenced block after a line `NAME...:` in MEMAGENT.md, plus its one trailing newline. */
function blockOf(markdown: string, name: string): string {
  const match = new RegExp(`\\n${name}[^\\n]*:\\n\`\`\`\\n([\\s\\S]*?)\\n\`\`\``).exec(markdown);
  if (!match?.[1]) throw new Error(`no block for ${name}`);
  return `${match[1]}\n`;
}

describe('MemAgent templates', () => {
  it('have the bytes of MEMAGENT.md (pinned by SHA-256)', () => {
    expect(sha256(TEMPLATE)).toBe(
      '49fa58187bb7d23e58b08ed1a15732c71008196a1f633be2b4a3be507ee366b3',
    );
    expect(sha256(TEMPLATE_FINAL_BOXED)).toBe(
      '64632c4a5ae63b70e018366632a44d6a4ac7cb62cef4f977bf8afa30eb0a6622',
    );
    expect(sha256(TEMPLATE_FINAL_TEXT)).toBe(
      '76c0395b111bb18000345701c14ceaafc8a9776fb76577676df0c15274d1235e',
    );
  });

  it('keep the space after <problem> and end with exactly one newline', () => {
    for (const t of [TEMPLATE, TEMPLATE_FINAL_BOXED, TEMPLATE_FINAL_TEXT]) {
      expect(t).toContain('<problem> \n{prompt}\n</problem>');
      expect(t.endsWith(':\n')).toBe(true);
      expect(t.endsWith('\n\n')).toBe(false);
    }
    expect(TEMPLATE_FINAL_BOXED).toContain('put the answer in \\boxed{}.');
  });

  it.each(TEMPLATES)('%s equals the spec fixture byte for byte', (name, template) => {
    expect(Buffer.from(template, 'utf8').equals(fixtureOf(name))).toBe(true);
  });

  describe.skipIf(!existsSync(memagentMd))('the fixture against ../shared/MEMAGENT.md', () => {
    const markdown = existsSync(memagentMd) ? readFileSync(memagentMd, 'utf8') : '';
    it.each(TEMPLATES)('%s is the code block byte for byte', (name, template) => {
      const block = Buffer.from(blockOf(markdown, name), 'utf8');
      expect(fixtureOf(name).equals(block)).toBe(true);
      expect(Buffer.from(template, 'utf8').equals(block)).toBe(true);
    });
  });
});

describe('filling', () => {
  it('builds the memory prompt like Python str.format', () => {
    const filled = fillMemoryPrompt('Who?', 'No previous memory', 'Alice met Bob.');
    expect(filled).toBe(
      TEMPLATE.replace('{prompt}', () => 'Who?')
        .replace('{memory}', () => 'No previous memory')
        .replace('{chunk}', () => 'Alice met Bob.'),
    );
    expect(filled).toContain(
      '<problem> \nWho?\n</problem>\n\n<memory>\nNo previous memory\n</memory>',
    );
    expect(filled.endsWith('<section>\nAlice met Bob.\n</section>\n\nUpdated memory:\n')).toBe(
      true,
    );
  });

  it('inserts values verbatim: no $ patterns, no second substitution of placeholders', () => {
    const chunk = "price $& and $1 and $' {memory} {prompt} {chunk} {{}}";
    const question = 'What is {chunk}? $$';
    const memory = 'mem {prompt} $`';
    const filled = fillMemoryPrompt(question, memory, chunk);
    expect(filled).toBe(
      TEMPLATE.split('{prompt}')
        .join('\u0000P')
        .split('{memory}')
        .join('\u0000M')
        .split('{chunk}')
        .join('\u0000C')
        .replace('\u0000P', () => question)
        .replace('\u0000M', () => memory)
        .replace('\u0000C', () => chunk),
    );
    expect(filled.split('{memory}').length - 1).toBe(1); // only the one inside the chunk text
  });

  it('fills the final prompts without a section', () => {
    const boxed = fillFinalPrompt('boxed', 'Q', 'M');
    expect(boxed).toBe(TEMPLATE_FINAL_BOXED.replace('{prompt}', 'Q').replace('{memory}', 'M'));
    const text = fillFinalPrompt('text', 'Q', 'M');
    expect(text).toBe(TEMPLATE_FINAL_TEXT.replace('{prompt}', 'Q').replace('{memory}', 'M'));
    expect(text).toContain('"Therefore, the answer is (insert answer here)"');
  });
});

describe('the memory prompt in two parts (for estimates)', () => {
  it('joins back into the whole prompt', () => {
    const parts =
      memoryPromptHead('Who? {chunk}', 'No previous memory') + memoryPromptSection('A $& {memory}');
    expect(parts).toBe(fillMemoryPrompt('Who? {chunk}', 'No previous memory', 'A $& {memory}'));
    expect(memoryPromptSection('x').startsWith('<section>\nx\n</section>')).toBe(true);
  });
});
