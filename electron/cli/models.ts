import { plural } from '../../shared/plural.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { createLlmClient } from '../core/llm/client.ts';
import type { ModelsOptions } from './args.ts';
import { clientConfig } from './backend-kind.ts';
import type { CliContext } from './context.ts';
import { EXIT } from './report-error.ts';

/** `memagent models`: lists the server's models (a connection test). */
export async function runModels(options: ModelsOptions, ctx: CliContext): Promise<number> {
  const client = createLlmClient(clientConfig(options));
  const t0 = performance.now();
  const models = await client.listModels(ctx.signal);
  const ms = Math.round(performance.now() - t0);
  if (options.json) {
    await ctx.out(
      `${JSON.stringify({ baseUrl: options.baseUrl, models, latency_ms: ms }, null, 2)}\n`,
    );
  } else {
    ctx.stderr.write(
      `${visibleText(options.baseUrl)}: ${plural(models.length, 'model')} in ${ms} ms\n`,
    );
    await ctx.out(models.map((m) => `${m}\n`).join(''));
  }
  return EXIT.ok;
}
