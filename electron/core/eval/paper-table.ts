// The paper's Table 2 (sub-EM %, RULER-HotpotQA; arXiv 2507.02259), as ../shared/MEMAGENT.md
// gives it: the reference lines of an evaluation report.

/** Table 2's columns: the nominal context lengths in tokens, with the paper's own names. */
export const PAPER_LENGTHS: readonly { tokens: number; label: string }[] = [
  { tokens: 7_000, label: '7K' },
  { tokens: 14_000, label: '14K' },
  { tokens: 28_000, label: '28K' },
  { tokens: 56_000, label: '56K' },
  { tokens: 112_000, label: '112K' },
  { tokens: 224_000, label: '224K' },
  { tokens: 448_000, label: '448K' },
  { tokens: 896_000, label: '896K' },
  { tokens: 1_750_000, label: '1.75M' },
  { tokens: 3_500_000, label: '3.5M' },
];

export interface PaperLine {
  model: string;
  /** sub-EM % per column of PAPER_LENGTHS; null where the paper reports N/A. */
  subEm: readonly (number | null)[];
}

export const PAPER_TABLE_2: readonly PaperLine[] = [
  {
    model: 'RL-MemAgent-14B',
    subEm: [83.59, 82.03, 84.38, 80.47, 76.56, 81.25, 75.0, 77.34, 76.56, 78.12],
  },
  {
    model: 'RL-MemAgent-7B',
    subEm: [82.03, 79.69, 78.91, 77.34, 79.69, 72.66, 74.22, 76.56, 75.78, 71.09],
  },
  {
    model: 'Qwen2.5-14B-Instruct-1M',
    subEm: [60.16, 60.94, 50.0, 57.03, 50.0, 37.5, 8.59, 0.0, null, null],
  },
  {
    model: 'QwenLong-L1-32B',
    subEm: [72.66, 75.0, 72.66, 60.94, 31.25, 17.19, 13.28, 11.72, null, null],
  },
];
