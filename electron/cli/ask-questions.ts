// `ask`'s questions: the repeated -q first, in order, then a --questions list's, in order (the
// list is read once the arguments are checked, so a bad flag fails before stdin is consumed).
import type { AskOptions } from './ask-args.ts';
import { readQuestionsList } from './questions-file.ts';

/** `options` with the --questions list's questions after the -q ones. */
export async function withQuestionsList(
  options: AskOptions,
  cwd: string,
  stdin: AsyncIterable<Buffer | string>,
): Promise<AskOptions> {
  if (options.questionsFile === undefined) return options;
  // A relative path is the working directory's, as every other path argument.
  const listed = await readQuestionsList(options.questionsFile, cwd, stdin);
  return { ...options, questions: [...options.questions, ...listed] };
}
