// A session export whose every string a document or a model controls is hostile: markup,
// script, link injection and bidi controls. For the import tests (unit, CLI and e2e): imported,
// shown and exported again, all of it must stay inert text. Not a test file itself.
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import type { SessionExport } from './session.ts';

/** Right-to-left override and first-strong isolate: they reorder what follows on screen. */
export const BIDI = '\u202E\u2066';

export const HOSTILE = {
  title: `<script>window.__pwned = 1</script>Evil ${BIDI}fdp.exe`,
  question: `Who pays? <img src=x onerror="window.__pwned = 2"> [click](javascript:window.__pwned=3)`,
  memory: `Memory <script>window.__pwned = 4</script> [x](javascript:alert(5)) ${BIDI}`,
  answer: `The buyer <img src=x onerror=alert(6)> [link](javascript:alert(7)) ${BIDI}`,
  quote: `The buyer pays <b onmouseover=alert(8)>all</b> costs.`,
} as const;

/** The ids of the session's two runs (UUIDs, as the library makes them). */
export const RUNS = {
  first: '0b7e2c1a-5d3f-4e8a-9c6b-1f2e3d4c5b01',
  second: '0b7e2c1a-5d3f-4e8a-9c6b-1f2e3d4c5b02',
} as const;

/** A format-1 session about one document, with a finished and an interrupted question. */
export function hostileSession(documentId = 'f'.repeat(64)): SessionExport {
  const usage = { promptTokens: 120, completionTokens: 30 };
  return {
    format: 'memagent-session',
    version: 1,
    exportedAt: '2026-11-20T10:00:00.000Z',
    document: {
      id: documentId,
      fileName: `contract ${BIDI}.pdf`,
      title: HOSTILE.title,
      format: 'pdf',
      chars: 52_000,
      pageCount: 12,
    },
    runs: [
      {
        id: RUNS.first,
        question: HOSTILE.question,
        status: 'done',
        answer: HOSTILE.answer,
        answerCut: false,
        response: `Reasoning. \\boxed{${HOSTILE.answer}}`,
        model: 'RL-MemoryAgent-14B',
        backend: { name: 'Lab <b>vLLM</b>', kind: 'vllm', baseUrl: 'http://10.0.0.5:8000/v1' },
        settings: DEFAULT_RUN_SETTINGS,
        usage: { promptTokens: 360, completionTokens: 90 },
        createdAt: '2026-11-20T09:00:00.000Z',
        finishedAt: '2026-11-20T09:05:00.000Z',
        chunkCount: 2,
        warnings: [{ chunk: 1, code: 'length-cut', message: `cut <i>here</i> ${BIDI}` }],
        evidence: [
          {
            chunk: 1,
            start: 30_100,
            end: 30_140,
            page: 7,
            pageLabel: 'vii',
            section: `Costs <script>window.__pwned = 9</script>`,
            quote: HOSTILE.quote,
            score: 0.9,
            by: 'both',
          },
        ],
        quoteCheck: { asked: 1, accepted: 1, rejected: 0, failed: 0 },
        memories: [
          {
            chunk: 0,
            pages: { first: 1, last: 6 },
            tokens: 5000,
            memory: HOSTILE.memory,
            kept: false,
            usage,
            ms: 900,
          },
          {
            chunk: 1,
            pages: { first: 6, last: 12 },
            section: 'Costs',
            tokens: 4100,
            memory: HOSTILE.memory,
            kept: true,
            usage,
            ms: 950,
          },
        ],
      },
      {
        id: RUNS.second,
        question: `Second ${BIDI} question?`,
        status: 'interrupted',
        answer: null,
        answerCut: false,
        response: null,
        model: 'RL-MemoryAgent-14B',
        backend: null,
        settings: DEFAULT_RUN_SETTINGS,
        usage,
        createdAt: '2026-11-20T09:10:00.000Z',
        finishedAt: null,
        chunkCount: 2,
        warnings: [],
        memories: [
          {
            chunk: 0,
            pages: { first: 1, last: 6 },
            tokens: 5000,
            memory: 'Nothing yet.',
            kept: false,
            usage,
            ms: 900,
          },
        ],
      },
    ],
  };
}
