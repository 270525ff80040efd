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
