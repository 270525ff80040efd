import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS, type DocumentText } from '../../../shared/model.ts';
import { CUT_EVIDENCE } from '../../../shared/evidence-cut.ts';
import { runEvidence } from '../agent/run-evidence.ts';
import { openStore, type Store } from '../store/store.ts';
import { buildSessionExport, renderSession, type SessionExport } from './index.ts';
import { ocrNote } from './session.ts';

let dir: string;
let store: Store;
const EVIL = '<img src=x onerror="alert(1)"><script>alert(2)</script> & ```` ](javascript:x)';

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-export-'));
  store = openStore(dir);
  store.documents.upsert({
    id: 'd',
    fileName: 'contract.pdf',
    format: 'pdf',
    title: `Contract ${EVIL}`,
    chars: 10,
    pageCount: 3,
    openedAt: 1,
    warnings: [],
  });
  store.settings.saveProfile({
    id: 'p',
    name: 'Cloud',
    kind: 'openai',
    baseUrl: 'https://user:secret@api.example.com/v1?key=abc',
    inputPricePerMTok: 2.5,
    outputPricePerMTok: 10,
  });
  store.runs.create({
    id: 'r1',
    documentId: 'd',
    question: `Who pays? ${EVIL}`,
    settings: DEFAULT_RUN_SETTINGS,
    profileId: 'p',
    model: 'gpt-4o',
    status: 'done',
    createdAt: 1000,
  });
  store.runs.setChunks('r1', [
    { index: 0, start: 0, end: 5, tokens: 5, pages: { first: 1, last: 2 }, section: 'Terms' },
    {
      index: 1,
      start: 5,
      end: 10,
      tokens: 5,
      pages: { first: 3, last: 3, firstLabel: 'iii', lastLabel: 'iii' },
    },
  ]);
  const usage = { promptTokens: 100, completionTokens: 10 };
  store.runs.saveMemory('r1', {
    chunk: 0,
    memory: `Memory one ${EVIL}`,
    usage,
    ms: 10,
    kept: false,
  });
  store.runs.saveMemory('r1', { chunk: 1, memory: 'Memory two', usage, ms: 10, kept: true });
  store.runs.addWarning('r1', { chunk: 1, code: 'length-cut', message: `cut ${EVIL}` });
  store.runs.saveAnswer('r1', {
    answer: `The buyer ${EVIL}`,
    response: `Reasoning. \\boxed{The buyer ${EVIL}}`,
    usage,
    ms: 5,
    cut: false,
  });
  store.runs.setStatus('r1', 'done', { finishedAt: 2000 });
  store.runs.create({
    id: 'r2',
    documentId: 'd',
    question: 'Second?',
    settings: DEFAULT_RUN_SETTINGS,
    status: 'interrupted',
    createdAt: 3000,
  });
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('session exports', () => {
  it('collects runs oldest first with answers, replies, settings, model and per-chunk memories with pages', () => {
    const session: SessionExport = buildSessionExport(store, 'd', undefined, 5000);
    expect(session.runs.map((r) => r.id)).toEqual(['r1', 'r2']);
    const [r1] = session.runs;
    expect(r1).toMatchObject({
      model: 'gpt-4o',
      answer: `The buyer ${EVIL}`,
      settings: DEFAULT_RUN_SETTINGS,
      chunkCount: 2,
    });
    expect(r1?.backend).toEqual({
      name: 'Cloud',
      kind: 'openai',
      baseUrl: 'https://api.example.com/v1',
    });
    // 300 prompt and 30 completion tokens at 2.5 and 10 per million.
    expect(r1?.cost).toBeCloseTo((300 * 2.5 + 30 * 10) / 1e6, 12);
    expect(session.runs[1]?.cost).toBeUndefined();
    expect(r1?.memories[0]).toMatchObject({
      chunk: 0,
      pages: { first: 1, last: 2 },
      section: 'Terms',
    });
    expect(buildSessionExport(store, 'd', ['r2'], 0).runs.map((r) => r.id)).toEqual(['r2']);
    expect(() => buildSessionExport(store, 'other', undefined, 0)).toThrow();
  });

  it('HTML escapes document and model text and runs no script', () => {
    const html = renderSession(buildSessionExport(store, 'd', undefined, 0), 'html');
    expect(html).not.toMatch(/<img|<script|onerror="/i);
    expect(html).toContain('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('pp. 1-2 · Terms');
    expect(html).toContain('p. iii');
    expect(html).not.toContain('secret');
  });

  it('Markdown keeps model output inside fences it cannot close', () => {
    const md = renderSession(buildSessionExport(store, 'd', undefined, 0), 'md', {
      memory: 'all',
    });
    const fenceOpen = md.match(/^(`{5,})text$/m);
    expect(fenceOpen).not.toBeNull();
    expect(md).toContain(`Memory one ${EVIL}`);
    expect(md).not.toMatch(/^#+ [^\n]*(?<!\\)<img/m);
    expect(md).toContain('\\<img');
    const json = JSON.parse(
      renderSession(buildSessionExport(store, 'd', undefined, 0), 'json'),
    ) as SessionExport;
    expect(json.runs[0]?.response).toContain('\\boxed{The buyer');
  });

  it('says under every format when the final reply was cut at its token limit', () => {
    const clean = buildSessionExport(store, 'd', undefined, 0);
    expect(clean.runs[0]?.answerCut).toBe(false);
    expect(renderSession(clean, 'md')).not.toContain('Incomplete:');
    store.runs.saveAnswer('r1', {
      answer: null,
      response: 'Reasoning. \\boxed{The buy',
      usage: { promptTokens: 1, completionTokens: 1 },
      ms: 5,
      cut: true,
    });
    const cut = buildSessionExport(store, 'd', undefined, 0);
    const note = 'Incomplete: the final reply was cut at its token limit';
    expect(renderSession(cut, 'md')).toContain(note);
    expect(renderSession(cut, 'html')).toContain(note);
    const json = JSON.parse(renderSession(cut, 'json')) as SessionExport;
    expect(json.runs[0]).toMatchObject({ answer: null, answerCut: true });
  });

  it('says in the document header of every format which pages OCR read, and how sure it was', () => {
    const plain = buildSessionExport(store, 'd', undefined, 0);
    for (const format of ['md', 'html'] as const)
      expect(renderSession(plain, format)).not.toContain('OCR');

    const ocrPages = [
      { page: 1, confidence: 88.4 },
      { page: 2, confidence: 95.6 },
      { page: 3, confidence: 91 },
    ];
    const scanned = buildSessionExport(store, 'd', undefined, 0, { ocrPages });
    const note =
      'Pages 1-3 were read by OCR (confidence 88-96%): check quotes against the original.';
    const html = renderSession(scanned, 'html');
    expect(html).toContain(`<p class="warn">${note}</p>`);
    // Above the first question: it is about the document, not one answer.
    expect(html.indexOf(note)).toBeLessThan(html.indexOf('<h2'));
    const md = renderSession(scanned, 'md');
    expect(md).toContain(`**Note:** ${note}\n`);
    expect(md.indexOf('read by OCR')).toBeLessThan(md.indexOf('## 1.'));
    const json = JSON.parse(renderSession(scanned, 'json')) as SessionExport;
    expect(json.document).toMatchObject({ ocrPages, ocrPageCount: 3 });

    // The library knows only how many pages OCR read when the text is not at hand.
    const counted = { ...plain, document: { ...plain.document, ocrPageCount: 12 } };
    expect(renderSession(counted, 'html')).toContain(
      '<p class="warn">12 pages were read by OCR: check quotes against the original.</p>',
    );
  });

  it('writes the OCR note for one page, and keeps a scattered list to one line', () => {
    const doc = buildSessionExport(store, 'd', undefined, 0).document;
    expect(ocrNote({ ...doc, ocrPages: [{ page: 7, confidence: 90.6 }] })).toBe(
      'Page 7 was read by OCR (confidence 91%): check quotes against the original.',
    );
    const scattered = Array.from({ length: 30 }, (_, i) => ({ page: 2 * i + 1, confidence: 90 }));
    expect(ocrNote({ ...doc, ocrPages: scattered })).toBe(
      'Pages 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and others (30 in all) were read by OCR (confidence 90%): check quotes against the original.',
    );
    expect(ocrNote({ ...doc, ocrPageCount: 1 })).toBe(
      '1 page was read by OCR: check quotes against the original.',
    );
  });

  it('cites under each answer the passage it rests on, with its page, in every format', () => {
    const text =
      'Lease terms. The tenant pays the rent monthly.\n\nRepairs. The landlord repairs the\nroof within 14 days of notice. Pets are allowed.';
    const pages = [
      { number: 1, label: 'i', start: 0, end: 46 },
      { number: 2, label: '1', start: 48, end: text.length },
    ];
    const doc: DocumentText = { format: 'pdf', title: 'Lease', text, pages, warnings: [] };
    store.runs.create({
      id: 'r3',
      documentId: 'd',
      question: 'How fast must the roof be repaired?',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'done',
      createdAt: 4000,
      textKey: 'lease-text',
    });
    store.runs.setChunks('r3', [
      { index: 0, start: 0, end: 46, tokens: 10 },
      { index: 1, start: 48, end: text.length, tokens: 20 },
    ]);
    const usage = { promptTokens: 1, completionTokens: 1 };
    const memory = (chunk: number, m: string) =>
      store.runs.saveMemory('r3', { chunk, memory: m, usage, ms: 1, kept: false });
    memory(0, 'Rent is monthly.');
    memory(1, 'Rent is monthly. Roof repairs: landlord, within 14 days of notice.');
    store.runs.saveAnswer('r3', {
      answer: 'Within 14 days',
      response: '',
      usage,
      ms: 1,
      cut: false,
    });

    // As a run ending stores them (the export reads them; it has no text of its own).
    const found = (runId: string) =>
      store.runs.setEvidence(
        runId,
        runEvidence({
          question: store.runs.get(runId)?.question ?? '',
          answer: store.runs.answer(runId)?.answer ?? null,
          memories: store.runs.memories(runId),
          chunks: store.runs.chunks(runId),
          document: doc,
          quotes: store.quotes.get(runId)?.quotes ?? [],
        }),
      );
    found('r3');
    const session = buildSessionExport(store, 'd', ['r3', 'r1'], 0);
    const [r3, r1] = session.runs;
    expect(r3?.evidence).toEqual([
      expect.objectContaining({
        chunk: 1,
        page: 2,
        pageLabel: '1',
        quote: 'The landlord repairs the roof within 14 days of notice.',
      }),
    ]);
    // r1 has no passages stored: no citation, never one found again here.
    expect(r1?.evidence).toBeUndefined();
    const md = renderSession(session, 'md');
    expect(md).toContain(
      '**Sources:**\n\n> “The landlord repairs the roof within 14 days of notice.”  \n> — p. 1 (PDF page 2)\n',
    );
    // Right after the answer, before the run's details.
    expect(md.indexOf('**Sources:**')).toBeLessThan(md.indexOf('_Answered · '));
    expect(renderSession(session, 'html')).toContain(
      '<ol class="sources"><li><blockquote dir="auto">“The landlord repairs the roof within 14 days of notice.”</blockquote><p class="where">p. 1 (PDF page 2)</p></li></ol>',
    );
    const json = JSON.parse(renderSession(session, 'json')) as SessionExport;
    expect(json.runs[0]?.evidence?.[0]).toMatchObject({
      page: 2,
      start: text.indexOf('The landlord'),
    });

    expect(json.runs[0]?.evidence?.[0]?.by).toBe('alignment');
    expect(json.runs[0]?.quoteCheck).toBeUndefined();

    // With the model's verified quote of the same sentence: marked in every format, and the
    // check summed up under the sources.
    const at = text.indexOf('The landlord repairs the');
    store.quotes.save('r3', {
      quotes: [{ chunk: 1, start: at, end: at + 'The landlord repairs the'.length }],
      check: { asked: 2, accepted: 1, rejected: 1, failed: 0 },
      usage,
    });
    found('r3');
    const quoted = buildSessionExport(store, 'd', ['r3'], 0);
    expect(quoted.runs[0]?.evidence?.[0]).toMatchObject({ start: at, by: 'both' });
    expect(quoted.runs[0]?.quoteCheck).toEqual({ asked: 2, accepted: 1, rejected: 1, failed: 0 });
    const line =
      'The model quoted 2 of 2 cited chunks; 1 quote was not found in the text and was ignored.';
    const quotedMd = renderSession(quoted, 'md');
    expect(quotedMd).toContain(
      '> “The landlord repairs the roof within 14 days of notice.”  \n> — p. 1 (PDF page 2) · quoted by the model, confirmed by the memory trail\n',
    );
    expect(quotedMd).toContain(`_${line}_`);
    const quotedHtml = renderSession(quoted, 'html');
    expect(quotedHtml).toContain(
      '<p class="where">p. 1 (PDF page 2) · <span class="by">quoted by the model, confirmed by the memory trail</span></p>',
    );
    expect(quotedHtml).toContain(`<p class="meta">${line}</p>`);
    const quotedJson = JSON.parse(renderSession(quoted, 'json')) as SessionExport;
    expect(quotedJson.runs[0]?.evidence?.[0]?.by).toBe('both');

    // An answer nothing in the text supports says so instead of citing a guess.
    store.runs.saveAnswer('r3', { answer: 'Bicycles', response: '', usage, ms: 1, cut: false });
    found('r3');
    const none = buildSessionExport(store, 'd', ['r3'], 0);
    expect(none.runs[0]?.evidence).toEqual([]);
    expect(renderSession(none, 'html')).toContain(
      'No passage of the document was found with confidence',
    );

    // A cut answer is traced too (the one rule), and its passages say so in every format.
    store.runs.saveAnswer('r3', {
      answer: 'Within 14 days',
      response: '',
      usage,
      ms: 1,
      cut: true,
    });
    found('r3');
    const cut = buildSessionExport(store, 'd', ['r3'], 0);
    expect(cut.runs[0]?.evidence?.[0]?.quote).toBe(
      'The landlord repairs the roof within 14 days of notice.',
    );
    const cutMd = renderSession(cut, 'md');
    expect(cutMd).toContain(`**Sources:**\n\n_${CUT_EVIDENCE}_\n`);
    expect(renderSession(cut, 'html')).toContain(`<p class="meta">${CUT_EVIDENCE}</p>`);
    const cutJson = JSON.parse(renderSession(cut, 'json')) as SessionExport;
    expect(cutJson.runs[0]).toMatchObject({ answerCut: true, evidence: cut.runs[0]?.evidence });
  });
});
