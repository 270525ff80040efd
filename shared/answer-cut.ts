// How every view words a final reply that did not end normally (a run's `answerCut`): cut at its
// token limit (`answer-cut`), or stopped before it ended for another reason (`answer-stopped`: a
// content filter, a tool call, a server past max_tokens), whose warning names the reason.

/** True when the run's final reply was stopped for another reason than its token limit. */
export function answerStopped(warnings: readonly { code: string }[]): boolean {
  return warnings.some((w) => w.code === 'answer-stopped');
}

/** "the final reply was cut at its token limit", or the stopped wording, from a run's warnings. */
export function answerCutPhrase(warnings: readonly { code: string }[]): string {
  return answerStopped(warnings)
    ? 'the final reply was stopped before it ended (the warning says why)'
    : 'the final reply was cut at its token limit';
}

/**
 * What cut the final reply, in plain words for the label over a cut answer's passages: "at its
 * token limit", "by the server's content filter", "by a tool call", or "by the server" (another
 * reason, or a server past max_tokens). The finish reason is read from the `answer-stopped`
 * warning, which is the run's stored record of it (electron/core/agent/cut-warnings.ts).
 */
export function answerCutCause(warnings: readonly { code: string; message: string }[]): string {
  const stopped = warnings.find((w) => w.code === 'answer-stopped');
  if (!stopped) return 'at its token limit';
  const reason = /finish_reason "([^"]*)"/.exec(stopped.message)?.[1];
  if (reason === 'content_filter') return "by the server's content filter";
  if (reason === 'tool_calls' || reason === 'function_call') return 'by a tool call';
  return 'by the server';
}
