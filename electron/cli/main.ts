#!/usr/bin/env node
// The `memagent` command line: `npm run memagent -- ask book.pdf --question "..."`.
import { visibleText } from '../../shared/visible-text.ts';
import { enableCompileCache } from '../core/compile-cache.ts';
import { toAppError } from '../core/errors.ts';
import { parseCommand } from './args.ts';
import type { CliContext } from './context.ts';
import { helpText } from './help.ts';
import { EXIT, exitCodeFor, formatError } from './report-error.ts';
import { favourSmallHeap } from './small-heap.ts';
import { terminalSink } from './live-line.ts';

// A reader that closed the pipe early (`memagent extract book.pdf | head`) is not an error.
const isEpipe = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';
process.stdout.on('error', (error) => {
  if (!isEpipe(error)) throw error;
});
// Progress and notes are diagnostics: a closed stderr (`2> >(head)`) must not cost the answer.
process.stderr.on('error', (error) => {
  if (!isEpipe(error)) throw error;
});

// Everything on stdout passes here: answers, extracted text and model names are outside data,
// and their control and bidi characters are shown, never obeyed (`--json` stays the same JSON).
function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(visibleText(text), (error) =>
      error && !isEpipe(error) ? reject(error) : resolve(),
    );
  });
}

/** Runs one command and returns its exit code; never throws. */
export async function main(argv: string[]): Promise<number> {
  const controller = new AbortController();
  let interrupts = 0;
  // SIGTERM (a service manager, `timeout`) stops as cleanly as Ctrl-C: OCR and PDF workers
  // end, requests are aborted, the trace is closed.
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts += 1;
    if (interrupts === 1) {
      process.stderr.write(
        signal === 'SIGTERM'
          ? '\nmemagent: terminated; stopping.\n'
          : '\nmemagent: interrupted; stopping (press Ctrl-C again to quit at once).\n',
      );
      controller.abort();
    } else {
      process.exit(EXIT.interrupted);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const ctx: CliContext = {
    out: writeStdout,
    // A live line on a terminal; plain lines in a CI log or on a dumb terminal, as in a file.
    stderr: terminalSink(process.stderr, process.env),
    signal: controller.signal,
    env: process.env,
  };
  const debug = argv.includes('--debug');
  const secrets = [
    ...argv.filter((_, i) => argv[i - 1] === '--api-key'),
    ...argv.filter((a) => a.startsWith('--api-key=')).map((a) => a.slice('--api-key='.length)),
    process.env.MEMAGENT_API_KEY,
    process.env.OPENAI_API_KEY,
    process.env.HF_TOKEN,
  ];
  try {
    const command = parseCommand(argv, process.env);
    switch (command.name) {
      case 'help':
        await ctx.out(helpText(command.topic));
        return EXIT.ok;
      // Commands load on demand: `extract` and `--help` need neither the LLM client nor tokenizers.
      case 'ask': {
        const { withQuestionsList } = await import('./ask-questions.ts');
        const options = await withQuestionsList(command.options, process.stdin);
        return await (await import('./ask.ts')).runAsk(options, ctx);
      }
      case 'extract':
        return await (await import('./extract.ts')).runExtract(command.options, ctx);
      case 'models':
        return await (await import('./models.ts')).runModels(command.options, ctx);
      case 'models-builtin':
        return await (await import('./models-builtin.ts')).runBuiltinModels(command.options, ctx);
      case 'pull':
        return await (await import('./pull.ts')).runPull(command.options, ctx);
      case 'resume':
        return await (await import('./resume.ts')).runResume(command.options, ctx);
      case 'import':
        return await (await import('./import.ts')).runImport(command.options, ctx);
      case 'export':
        return await (await import('./export.ts')).runExport(command.options, ctx);
      case 'runs':
        return await (await import('./runs.ts')).runRuns(command.options, ctx);
      case 'jobs':
        return await (await import('./jobs.ts')).runJobs(command.options, ctx);
      case 'show':
        return await (await import('./show.ts')).runShow(command.options, ctx);
      case 'eval':
        favourSmallHeap();
        return await (await import('./eval.ts')).runEvalCommand(command.options, ctx);
      case 'make-eval':
        favourSmallHeap();
        return await (await import('./make-eval.ts')).runMakeEval(command.options, ctx);
      case 'report':
        return await (await import('./eval-report.ts')).runReport(command.options, ctx);
    }
  } catch (error) {
    const appError = toAppError(error);
    if (appError.kind === 'Cancelled' || controller.signal.aborted) {
      process.stderr.write('memagent: interrupted before the answer.\n');
      return EXIT.interrupted;
    }
    process.stderr.write(formatError(appError, { debug, secrets }));
    return exitCodeFor(appError.kind);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

// The commands' modules (loaded on demand) and the document and tokenizer workers come from
// Node's compile cache after the first run: each PDF worker starts about 0.1 s sooner.
enableCompileCache();
// Exit explicitly once stdout is flushed: tokenizer workers or keep-alive sockets must not keep
// a finished command alive.
process.exit(await main(process.argv.slice(2)));
