// One `memagent` command against a context: parse, run, report. `main.ts` gives it the real
// process; the tests give it buffers, so most CLI behaviour is tested without a process each.
import { visibleText } from '../../shared/visible-text.ts';
import { toAppError } from '../core/errors.ts';
import { parseCommand } from './args.ts';
import type { CliContext } from './context.ts';
import { helpText } from './help.ts';
import { EXIT, exitCodeFor, formatError } from './report-error.ts';

/**
 * Runs the command `argv` (without `node main.ts`) with `context` and returns its exit code;
 * never throws. Errors go to `context.stderr` as one sentence and a hint; a cancel (the
 * context's signal) is exit 130. Reads nothing from the process: environment, standard input,
 * working directory and terminal all come from `context`.
 */
export async function runCommand(argv: string[], context: CliContext): Promise<number> {
  // Everything on stdout passes here: answers, extracted text and model names are outside data,
  // and their control and bidi characters are shown, never obeyed (`--json` stays the same JSON).
  const ctx: CliContext = { ...context, out: (text) => context.out(visibleText(text)) };
  const debug = argv.includes('--debug');
  const secrets = [
    ...argv.filter((_, i) => argv[i - 1] === '--api-key'),
    ...argv.filter((a) => a.startsWith('--api-key=')).map((a) => a.slice('--api-key='.length)),
    ctx.env.MEMAGENT_API_KEY,
    ctx.env.OPENAI_API_KEY,
    ctx.env.HF_TOKEN,
  ];
  try {
    if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
      await ctx.out(`memagent ${(await import('./version.ts')).cliVersion()}\n`);
      return EXIT.ok;
    }
    const command = parseCommand(argv, ctx.env, ctx.cwd);
    switch (command.name) {
      case 'help':
        await ctx.out(helpText(command.topic, ctx));
        return EXIT.ok;
      // Commands load on demand: `extract` and `--help` need neither the LLM client nor tokenizers.
      case 'ask': {
        const { withQuestionsList } = await import('./ask-questions.ts');
        const options = await withQuestionsList(command.options, ctx.cwd, ctx.stdin);
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
      case 'review':
        return await (await import('./review.ts')).runReview(command.options, ctx);
      case 'review-list':
        return await (await import('./review-list.ts')).runReviewList(command.options, ctx);
      case 'show':
        return await (await import('./show.ts')).runShow(command.options, ctx);
      case 'eval':
        return await (await import('./eval.ts')).runEvalCommand(command.options, ctx);
      case 'make-eval':
        return await (await import('./make-eval.ts')).runMakeEval(command.options, ctx);
      case 'report':
        return await (await import('./eval-report.ts')).runReport(command.options, ctx);
    }
  } catch (error) {
    const appError = toAppError(error);
    if (appError.kind === 'Cancelled' || ctx.signal.aborted) {
      ctx.stderr.write('memagent: interrupted before the answer.\n');
      return EXIT.interrupted;
    }
    ctx.stderr.write(formatError(appError, { debug, secrets }));
    return exitCodeFor(appError.kind);
  }
}
