import os from 'node:os';
import path from 'node:path';
import { SHIPPED_OCR_LANGUAGES } from '../core/documents/ocr-languages.ts';
import { TASK_FAMILIES } from '../core/eval/make/tasks.ts';
import { appDataDir } from './app-data.ts';
import { ASK_COST_FLAGS, ASK_FLAGS } from './ask-args.ts';
import { EVAL_HELP } from './eval-args.ts';
import { flagHelp } from './flags/flag-spec.ts';
import { RESUME_FLAGS } from './resume-args.ts';
import { builtinModelsHelp, pullHelp } from './model-files-args.ts';
import { modelsDirIn } from '../core/models/index.ts';
import type { CliContext } from './context.ts';
import { REPORT_HELP } from './report-args.ts';
import { RUNS_HELP, SHOW_HELP } from './runs-args.ts';
import { JOBS_HELP } from './jobs-args.ts';
import { REVIEW_COST_FLAGS, REVIEW_FLAGS } from './review-args.ts';
import { MAIN_HELP as MAIN } from './help-main.ts';

/** The commands' help, with the default paths of this user's data folder. */
function topicTexts(dataDir: string, modelsDir: string) {
  const READING = `  --ocr auto|all-pages|off
                          which PDF pages OCR reads: auto, those without text that show
                          images (default); all-pages, every page (a bad text layer); off, none
  --ocr-lang CODES        OCR languages, tesseract codes joined by + (default eng; eng+deu).
                          Shipped: ${SHIPPED_OCR_LANGUAGES.join(', ')}; for others put
                          CODE.traineddata in the language folder
  --ocr-languages-dir DIR the language folder (default: the app's,
                          ${path.join(dataDir, 'ocr-languages')})
`;

  const ASK = `memagent ask FILE --question Q [--question Q2 ...] [--questions LIST] [options]

Reads every chunk of FILE for each question (questions run concurrently, at most --concurrency
requests at once) and prints the answers.

Options:
${flagHelp(ASK_FLAGS)}  --dry-run               print chunks, prompt tokens (exact for the tokenizer, template
                          included; memory at its budget), the completion-token bound and,
                          with prices, the cost range; sends nothing to the model
  --input-price P, --output-price P
                          prices per million prompt / completion tokens: --dry-run's cost range,
                          and the cost checked against the limit before the questions are read
${flagHelp(ASK_COST_FLAGS)}  --quote-check on|off    after each answer, ask the model to quote the sentences of each cited
                          chunk that support it (at most 3 extra requests, each about a chunk's
                          tokens); a quote counts only if found word for word in the chunk.
                          Default: on for the built-in model or a server on this machine or a
                          private network, off for any other address (a paid API)
  --password P            password of an encrypted PDF
${READING}  --json                  print one JSON document on stdout (an array for several questions)
  --trace FILE.jsonl      write every run event as a JSON line
  --db FILE               save the runs in this library file (default: the app's,
                          ${path.join(dataDir, 'memagent.db')})
  --no-save               save nothing: no document, no run; the answers are only printed
  --debug                 show technical details and stack traces of errors

Each question is saved as a run as it is read (every chunk's memory before the next request);
its id is printed on stderr, and in --json as "runId". Ctrl-C stops with every finished chunk
kept and prints the command that continues each run; a second Ctrl-C quits at once.
`;

  const REVIEW = `memagent review FILE... --checklist LIST [--out DIR] [--json] [options]
memagent review --list [--json] [--db FILE]

Asks every question of a checklist of every FILE: each cell of the table (a document × a
question) is a MemAgent run over the whole document, so a "not stated" means every chunk was
read. Several questions over one document are separate reads (the memory is written for its
question): 3 documents × 10 questions are 30 reads. The review is saved in the library as it is
read (every chunk's memory before the next request).

First the plan on stderr, the estimate of the app's New review (documents, questions, cells,
chunks, prompt tokens, the completion bound, with --input-price/--output-price the cost range,
and the time range once a run on this backend was timed); above the cost limit it asks first
(--yes, --cost-limit); then the progress on
stderr (cells done, cells reading, time left, cost so far); then the table (documents down,
questions across) on stdout, or with --json the whole review as JSON: {review, documents: [{id,
path, title}], questions: [{id, text, kind}], cells: [{document, question, status, answer, value,
coverage: {chunksRead, chunks, pages}, evidence: [{page, pageLabel, section, quote}], run}]}.

The same command again (same files, checklist and settings; --json and --out aside) continues
the same review: answered cells are kept and reported, the others read from their saved memory.
A FILE may be a folder: its documents in name order (other kinds skipped and counted; its
subfolders too with --recursive); run again after the folder gained files, the same review gets
the new files as new rows and reads only their cells.
Ctrl-C pauses: no cell starts any more, the cells reading stop after the chunk in flight, and
the command to continue is printed; a second Ctrl-C quits at once. A kill loses at most the
chunks in flight. \`memagent export REVIEW_ID -o FILE\` writes a report later.

LIST is a checklist file (.txt with one question a line, .csv with question,kind,guidance,
.yaml or .json), else the name of a checklist saved in the app, else a shipped template's name
(such as "Supplier contract review" or "NDA review"). The API key is never printed in the command to continue: give it
again, or set MEMAGENT_API_KEY.

Options:
  --checklist LIST        the checklist: a file, a saved checklist's name or a template's
  --out DIR               write review.html, review.pdf, review.csv, review.xlsx and review.json
                          there (the PDF needs Chromium, Chrome or Edge: skipped, said in one
                          line, without one)
  --recursive             a folder's subfolders are read too
  --list                  list the library's reviews: id, title, checklist, documents ×
                          questions, state, cells done
${flagHelp(REVIEW_FLAGS)}  --quote-check on|off    as for ask (default: on for a server on this machine or network)
  --input-price P, --output-price P
                          prices per million prompt / completion tokens: the cost range before
                          and the cost so far
  --dry-run               print the plan (with --json as JSON) on stdout and stop: no review is
                          created and nothing is sent to the server
${flagHelp(REVIEW_COST_FLAGS)}  --password P            password of encrypted PDFs
  --chromium PATH         the browser that prints review.pdf (default $MEMAGENT_CHROMIUM, else
                          one installed where they usually are)
${READING}  --json                  print the whole review as JSON on stdout
  --db FILE               the library (default: the app's, ${path.join(dataDir, 'memagent.db')})
  --debug                 show technical details and stack traces of errors
`;

  const RESUME = `memagent resume RUN_ID|JOB_ID [options]

Continues an interrupted, paused, cancelled or failed run from its last saved memory, with the chunking,
settings and model it began with, and prints the result as \`ask\` does. RUN_ID may be the first
characters of the id if no other run starts with them. A JOB_ID (\`memagent jobs\`) continues the
whole job: each run not done from its last saved memory (queued ones from the start), none that
is done; the job shows as running, then done or failed, as it was read in one go. Refused when the run is done, when its
document's file is gone or its bytes changed, when the server does not serve the run's model, or
while another process (the app, another terminal) is reading it.

A run begun with the built-in model needs its --model-file again. Keys are never saved in the
library, and the app's own keys are in its encrypted store, which a terminal cannot read: a run
made in the app needs --api-key (or $MEMAGENT_API_KEY) again.

Options:
  --db FILE               the library the run is in (default: the app's)
${flagHelp(RESUME_FLAGS)}  --ocr-languages-dir DIR OCR languages, should a scanned PDF's text have to be read again
  --json                  print one JSON document on stdout, as \`ask --json\` does
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

${builtinModelsHelp(modelsDir)}`;

  const IMPORT = `memagent import FILE [--db FILE] [--json]

Adds a session exported as JSON (by the app or \`memagent export --format json\`) to the library:
its document (without its text, which an export does not carry) and its questions with their
answers, memories and cited passages, marked as imported. Importing the same file again adds
nothing; a question whose id the library holds with other content is left as it is.

Options:
  --db FILE               the library database (default: the app's, ${path.join(dataDir, 'memagent.db')})
  --json                  print what was imported as JSON: document, imported, already, conflicts
`;

  const EXPORT = `memagent export RUN_ID | REVIEW_ID | --question RUN_ID | --document FILE|ID -o FILE [options]

Writes runs from the library: one run (RUN_ID), every run of that run's question (--question),
or every question asked about a document (--document, the file itself or its id); or the report
of a review (REVIEW_ID, from \`memagent review --list\`) as HTML, PDF, CSV, XLSX or JSON, by
-o's extension (.html .pdf .csv .xlsx .json) or --format. Ids may be
shortened to any unique prefix. Each question's answer comes first, with the passages it rests
on; then a line of details; the memory trail last. Times are in the local zone (TZ).

Options:
  -o, --output FILE       where to write; - writes Markdown, HTML, JSON or JSONL to stdout
  --format md|html|pdf|json|jsonl|csv|xlsx
                          default: from -o's extension (.md, .html, .pdf, .json, .jsonl; a
                          review's .csv, .xlsx); jsonl: the runs as trajectories for RL training
  --force                 replace FILE if it exists (without it, an existing file is kept)
  --memory final|all      Markdown: each run's final memory and a line per chunk (default), or
                          every memory state as well (HTML, PDF and JSON always hold the trail)
  --chromium PATH         the browser that prints PDFs (default $MEMAGENT_CHROMIUM, else
                          Chromium, Chrome or Edge where they are usually installed)
  --db FILE               the library (default: the app's, ${path.join(dataDir, 'memagent.db')})
  --debug                 show technical details and stack traces of errors
`;

  const MAKE_EVAL = `memagent make-eval HAYSTACK... -o SET.jsonl [options]

Builds an evaluation set from your own documents (a book, contracts), with nothing downloaded:
each row hides needle facts at recorded depths in HAYSTACK text of a chosen length and asks about
them, in the rows \`memagent eval\` reads (_id, index, context, input, answers with the gold
first; outputs for tasks scored by string-match-all) plus task, length and needles (each needle's
text, start and end offsets in the context and depth). The same documents, options and --seed
give the same file, byte for byte. See docs/evaluation.md.

Options:
  -o, --output FILE       the set to write (.jsonl: one row a line; .json: one array)
  --format json|jsonl     default: from -o's extension
  --force                 replace FILE if it exists
  --lengths LIST          row lengths in tokens, such as 8k,32k,128k,1m,3.5m or 5000 (k = 1024;
                          1k to 4m; default 8k); within 0.5% (at least 32 tokens) of each
  --tasks LIST            task families, or all (the default):
                          ${TASK_FAMILIES.slice(0, 4).join(', ')},
                          ${TASK_FAMILIES.slice(4).join(', ')}
  --rows N                rows for each length and task (default 8)
  --seed S                0 to 4294967295 (default 0)
  --tokenizer qwen|o200k  how lengths are counted (default qwen: RL-MemoryAgent, Qwen2.5/3)
${READING}  --json                  print a summary of what was written as JSON
  --debug                 show technical details and stack traces of errors
`;
  return { READING, ASK, REVIEW, RESUME, EXTRACT, MODELS, IMPORT, EXPORT, MAKE_EVAL };
}

/**
 * Help text for a command (or the overview). Default paths are those of `where` (the command's
 * context: its environment and home folder), so a command run inside another process (the
 * tests) shows its own; without it, this process's.
 */
export function helpText(
  topic?: string,
  where: Pick<CliContext, 'env' | 'home'> = { env: process.env, home: os.homedir() },
): string {
  const dataDir = appDataDir(where.env, process.platform, where.home);
  const modelsDir = modelsDirIn(dataDir);
  const t = topicTexts(dataDir, modelsDir);
  if (topic === 'ask') return t.ASK;
  if (topic === 'extract') return t.EXTRACT;
  if (topic === 'models') return t.MODELS;
  if (topic === 'pull') return pullHelp(modelsDir);
  if (topic === 'resume') return t.RESUME;
  if (topic === 'review') return t.REVIEW;
  if (topic === 'import') return t.IMPORT;
  if (topic === 'export') return t.EXPORT;
  if (topic === 'runs') return RUNS_HELP;
  if (topic === 'show') return SHOW_HELP;
  if (topic === 'jobs') return JOBS_HELP;
  if (topic === 'eval') return EVAL_HELP;
  if (topic === 'make-eval') return t.MAKE_EVAL;
  if (topic === 'report') return REPORT_HELP;
  return MAIN;
}
