import path from 'node:path';
import { SHIPPED_OCR_LANGUAGES } from '../core/documents/ocr-languages.ts';
import { appDataDir } from './app-data.ts';
import { RUNS_HELP, SHOW_HELP } from './runs-args.ts';

const MAIN = `memagent — answer questions about documents of any length with the MemAgent workflow

Usage:
  memagent ask FILE --question Q [--question Q2 ...] [options]
  memagent extract FILE [--json] [--password P] [--ocr MODE] [--ocr-lang CODES]
  memagent models [--base-url URL]
  memagent runs [--document FILE|ID] [--status S,...] [--search TEXT] [--json]
  memagent show RUN_ID [--all] [--json]
  memagent COMMAND --help

The model reads the whole document chunk by chunk, overwriting a bounded memory, then answers
from that memory (arXiv 2507.02259). Formats: PDF, DOCX, EPUB, HTML, text and Markdown; scanned
PDF pages are read by OCR (offline, seconds a page).

Environment: MEMAGENT_BASE_URL (default http://localhost:8000/v1), MEMAGENT_MODEL,
MEMAGENT_API_KEY or OPENAI_API_KEY.

Exit codes: 0 done, 2 bad usage, 3 unreadable or unsupported input (a damaged library too), 4
backend unreachable or failed after retries, 5 the library cannot be written (read-only, busy,
disk full), 130 interrupted (Ctrl-C or SIGTERM).
`;

const READING = `  --ocr auto|all-pages|off
                          which PDF pages OCR reads: auto, those without text that show
                          images (default); all-pages, every page (a bad text layer); off, none
  --ocr-lang CODES        OCR languages, tesseract codes joined by + (default eng; eng+deu).
                          Shipped: ${SHIPPED_OCR_LANGUAGES.join(', ')}; for others put
                          CODE.traineddata in the language folder
  --ocr-languages-dir DIR the language folder (default: the app's,
                          ${path.join(appDataDir(), 'ocr-languages')})
`;

const ASK = `memagent ask FILE --question Q [--question Q2 ...] [options]

Reads every chunk of FILE for each question (questions run concurrently) and prints the answers.

Options:
  -q, --question Q        the question (repeat for several)
  --base-url URL          OpenAI-compatible server (default $MEMAGENT_BASE_URL or http://localhost:8000/v1)
  --model NAME            model (default $MEMAGENT_MODEL, else the server's first model)
  --api-key KEY           API key (default $MEMAGENT_API_KEY or $OPENAI_API_KEY)
  --timeout SECONDS       per request: the whole reply, or the wait for a stream to start
                          (default 300; 1 to 3600); a timed-out request is retried once at most
  --retries N             retries of a failed request: 5xx, 429, dropped connections, timeouts
                          (default 4; 0 to 10)
  --chunk-tokens N        tokens per chunk (default 5000)
  --memory-tokens N       max tokens of each memory update (default 1024)
  --answer-tokens N       max tokens of the final answer (default 1024)
  --temperature T         sampling temperature (default 0.7; 0 for repeatable runs)
  --top-p P               nucleus sampling (default 0.95)
  --final boxed|text      final prompt: \\boxed{} answer or "the answer is" (default boxed)
  --tokenizer auto|qwen|o200k|server
                          how chunks are counted (default auto: from the model name)
  --concurrency N         questions run at once (default 4)
  --dry-run               print chunks, prompt tokens (exact for the tokenizer, template
                          included; memory at its budget), the completion-token bound and,
                          with prices, the cost range; sends nothing to the model
  --input-price P, --output-price P
                          prices per million prompt / completion tokens, for --dry-run
  --quote-check on|off    after each answer, ask the model to quote the sentences of each cited
                          chunk that support it (at most 3 extra requests, each about a chunk's
                          tokens); a quote counts only if found word for word in the chunk.
                          Default: on for a server on this machine or a private network, off
                          for any other address (a paid API)
  --password P            password of an encrypted PDF
${READING}  --json                  print one JSON document on stdout (an array for several questions)
  --trace FILE.jsonl      write every run event as a JSON line
  --debug                 show technical details and stack traces of errors
`;

const EXTRACT = `memagent extract FILE [--json] [--password P] [--ocr MODE] [--ocr-lang CODES]

Prints the text the model would read; warnings and what OCR read go to stderr. --json prints the
document (format, title, text, pages, sections, warnings, ocr_pages: [{page, confidence}]) plus
stats: {chars, ms}.

Options:
  --password P            password of an encrypted PDF
${READING}  --json                  print the document as JSON
  --debug                 show technical details and stack traces of errors
`;

const MODELS = `memagent models [--base-url URL] [--api-key KEY] [--timeout SECONDS] [--retries N] [--json]

Lists the models the server offers: a connection test.
`;

/** Help text for a command (or the overview). */
export function helpText(topic?: string): string {
  if (topic === 'ask') return ASK;
  if (topic === 'extract') return EXTRACT;
  if (topic === 'models') return MODELS;
  if (topic === 'runs') return RUNS_HELP;
  if (topic === 'show') return SHOW_HELP;
  return MAIN;
}
