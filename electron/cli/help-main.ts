// The text of `memagent --help` (and of `memagent` alone): apart from the commands' help, which
// reads their flag tables, so that main.ts prints it without loading any command's module.

/** The overview of every command. */
export const MAIN_HELP = `memagent — answer questions about documents of any length with the MemAgent workflow

Usage:
  memagent ask FILE --question Q [--question Q2 ...] [--questions LIST] [options]
  memagent extract FILE [--json] [--password P] [--ocr MODE] [--ocr-lang CODES]
  memagent review FILE... --checklist LIST [--out DIR] [--json] [options]
  memagent review --list [--json]
  memagent resume RUN_ID|JOB_ID [--json] [--db FILE] [--model NAME] [--base-url URL ...] [--api-key KEY]
  memagent models [--base-url URL]
  memagent models --builtin [--json] [--remove ID | --add FILE]
  memagent pull MODEL [--force] [--json]
  memagent import FILE [--db FILE] [--json]
  memagent export RUN_ID | REVIEW_ID | --question RUN_ID | --document FILE|ID -o FILE [--format FORMAT]
  memagent runs [--document FILE|ID] [--status S,...] [--search TEXT] [--json]
  memagent show RUN_ID [--all] [--json]
  memagent jobs [--json]
  memagent eval DATA.json|DATA.jsonl [--base-url URL ...] [--out FILE] [--report DIR] [--method memagent|direct] [--json]
  memagent make-eval HAYSTACK... -o SET.jsonl [--lengths 8k,32k] [--tasks LIST] [--rows N] [--seed S]
  memagent report RESULTS.jsonl ... [-o DIR] [--label NAME ...]
  memagent COMMAND --help
  memagent --version

The model reads the whole document chunk by chunk, overwriting a bounded memory, then answers
from that memory (arXiv 2507.02259). Formats: PDF, DOCX, EPUB, HTML, text and Markdown; scanned
PDF pages are read by OCR (offline, seconds a page).

Every question asked is saved as a run in the app's library (its data folder, so it shows up in
the app's history); --db FILE keeps runs in another library, --no-save keeps none. Questions
asked together are one job (\`memagent jobs\`). Ctrl-C leaves a run, or a job, that \`memagent
resume\` continues from its last saved memories.

Environment: MEMAGENT_BASE_URL (default http://localhost:8000/v1), MEMAGENT_MODEL,
MEMAGENT_API_KEY or OPENAI_API_KEY; HF_TOKEN and HF_ENDPOINT for \`memagent pull\`.

Exit codes: 0 done, 2 bad usage, 3 unreadable or unsupported input (a damaged library too), 4
backend unreachable or failed after retries, 5 the library cannot be written (read-only, busy,
disk full), 130 interrupted (Ctrl-C or SIGTERM: a run, job or review being read is paused after
the chunk in flight, and the command that continues it is printed).
`;
