// In-page stand-in bridge for the renderer benchmark: a 3.5M-token book (about 14M characters,
// 4,700 pages) and a finished run of 700 chunks with a memory state each. Generated inside the
// page (page.addInitScript) so the benchmark times the renderer, not the transfer of 14 MB.
// Self-contained: Playwright sends this function's source text.

export function installBenchBridge(sizes: {
  chars: number;
  chunks: number;
  memoryChars: number;
  // Passed in: this function runs in the page and cannot import shared/model.ts.
  settings: unknown;
}): void {
  const words =
    'memory agent reads every page of the document chunk by chunk and overwrites a bounded text conditioned on question answer bridge committee inspection report budget steel labour weather season'.split(
      ' ',
    );
  let seed = 7;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const sentence = (): string => {
    const n = 8 + rand(14);
    const out: string[] = [];
    for (let i = 0; i < n; i += 1) out.push(words[rand(words.length)]!);
    return `${out.join(' ')}.`;
  };
  const parts: string[] = [];
  let length = 0;
  while (length < sizes.chars) {
    const para = Array.from({ length: 2 + rand(5) }, sentence).join(' ');
    parts.push(para);
    length += para.length + 1;
  }
  const text = parts.join('\n');
  const PAGE = 3000;
  const pages = [];
  for (let s = 0, n = 1; s < text.length; s += PAGE, n += 1)
    pages.push({ number: n, start: s, end: Math.min(text.length, s + PAGE) });
  const per = Math.ceil(text.length / sizes.chunks);
  const chunks = [];
  for (let i = 0; i < sizes.chunks; i += 1) {
    const start = i * per;
    const end = Math.min(text.length, start + per);
    chunks.push({
      index: i,
      start,
      end,
      tokens: Math.round((end - start) / 4),
      pages: { first: Math.floor(start / PAGE) + 1, last: Math.floor((end - 1) / PAGE) + 1 },
    });
  }
  const memories = [];
  let memory = '';
  for (let i = 0; i < sizes.chunks; i += 1) {
    // Each state keeps most of the previous one and rewrites part of it.
    const keep = memory.slice(0, Math.floor(memory.length * 0.8));
    let next = keep;
    while (next.length < sizes.memoryChars) next += ` ${sentence()}`;
    memory = next.slice(0, sizes.memoryChars);
    memories.push({
      chunk: i,
      memory,
      usage: { promptTokens: 6000, completionTokens: 1000 },
      ms: 2000,
      kept: false,
    });
  }
  const settings = sizes.settings;
  const info = {
    id: 'bench-doc',
    fileName: 'book.txt',
    format: 'text',
    title: 'Benchmark book',
    chars: text.length,
    pageCount: pages.length,
    tokenCount: Math.round(text.length / 4),
    openedAt: Date.now(),
    warnings: [],
  };
  const summary = {
    id: 'bench-run',
    documentId: 'bench-doc',
    question: 'What does the agent do?',
    settings,
    status: 'done',
    chunkCount: sizes.chunks,
    chunksDone: sizes.chunks,
    answer: 'It reads every page',
    createdAt: Date.now(),
    finishedAt: Date.now(),
    usage: { promptTokens: 1, completionTokens: 1 },
    model: 'bench',
  };
  const responses: Record<string, unknown> = {
    'documents:list': [info],
    'documents:get': {
      info,
      document: { format: 'text', title: info.title, text, pages, warnings: [] },
    },
    'runs:list': [summary],
    'runs:get': {
      summary,
      chunks,
      memories,
      warnings: [],
      seq: 1,
      response: 'Therefore \\boxed{It reads every page}',
    },
    'settings:get': { profiles: [], activeProfileId: null, defaults: settings },
  };
  Object.defineProperty(window, 'memagent', {
    value: Object.freeze({
      invoke: async (name: string) => ({ ok: true, value: responses[name] ?? null }),
      on: () => () => {},
    }),
  });
}
