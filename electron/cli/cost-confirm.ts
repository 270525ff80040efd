// The command line's confirmation above the cost limit, as the app's Ask and New review ask
// (renderer common/cost-confirm-dialog.tsx): a priced read whose most exceeds the limit starts
// only once the user says so, at the terminal or with --yes. With nobody to ask (no terminal on
// standard input, or a CI log) it is refused in one sentence that names the flag.
import { formatMoney, overCostLimit } from '../../shared/estimate-cost.ts';
import type { Range } from '../../shared/run-estimate.ts';
import { CoreError } from '../core/errors.ts';
import type { CliContext } from './context.ts';
import { inCi } from './live-line.ts';

export interface CostConfirm {
  /** The estimate's cost range; null for an unpriced backend (never asked). */
  cost: Range | null;
  /** Ask above this much (--cost-limit, else the library's limit from the app's Settings). */
  limit: number;
  /** --yes: confirmed beforehand. */
  yes: boolean;
  /** "This review": what would cost it. */
  what: string;
}

/**
 * Resolves true to go on, false when the user said no at the terminal. Throws BadUsage when the
 * cost needs confirming and nobody can be asked; Cancelled on Ctrl-C while it waits.
 */
export async function confirmCost(check: CostConfirm, ctx: CliContext): Promise<boolean> {
  if (check.yes || check.cost === null || !overCostLimit(check.cost, check.limit)) return true;
  const most = `${check.what} may cost up to ${formatMoney(check.cost.max)}, above the cost limit of ${formatMoney(check.limit)}`;
  if (ctx.stdin.isTTY !== true || inCi(ctx.env)) {
    throw new CoreError('BadUsage', `${most}, and there is no terminal to confirm it at.`, {
      hint: `Pass --yes to start it anyway, or --cost-limit ${Math.ceil(check.cost.max)} to raise the limit.`,
    });
  }
  ctx.stderr.write(`${most}. Start it? [y/N] `);
  const answer = await firstLine(ctx);
  return /^\s*y(es)?\s*$/i.test(answer);
}

/** The first line typed on standard input ('' at its end); Ctrl-C while waiting cancels. */
async function firstLine(ctx: CliContext): Promise<string> {
  const read = (async () => {
    let text = '';
    for await (const chunk of ctx.stdin) {
      text += chunk.toString();
      if (text.includes('\n')) break;
    }
    return text.split('\n')[0] ?? '';
  })();
  const cancelled = new Promise<never>((_, reject) => {
    const stop = () => reject(new CoreError('Cancelled', 'Cancelled before the review started.'));
    if (ctx.signal.aborted) stop();
    else ctx.signal.addEventListener('abort', stop, { once: true });
  });
  return Promise.race([read, cancelled]);
}
