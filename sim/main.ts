// `npm run sim-llm -- [--port 8000] [--latency h100-14b|zero] [--model NAME] [--seed N]`
// Starts the simulated OpenAI-compatible server (a test instrument, not a model) and prints its URL.
import { parseArgs } from 'node:util';
import { LATENCY_PRESETS, type LatencyPreset } from './options.ts';
import { startSimLlm } from './server.ts';

const USAGE =
  'usage: npm run sim-llm -- [--port 8000] [--host 127.0.0.1] [--latency h100-14b|zero] [--model NAME] [--seed N] [--max-model-len N]';

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '8000' },
        host: { type: 'string', default: '127.0.0.1' },
        latency: { type: 'string', default: 'h100-14b' },
        model: { type: 'string' },
        seed: { type: 'string', default: '0' },
        'max-model-len': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  const seed = Number(values.seed);
  if (!(values.latency in LATENCY_PRESETS) || !Number.isInteger(port) || !Number.isInteger(seed)) {
    console.error(USAGE);
    process.exit(2);
  }
  const sim = await startSimLlm({
    port,
    host: values.host,
    latency: values.latency as LatencyPreset,
    seed,
    // Nobody reads the request log of the command-line simulator: keep a little for debugging.
    keepRequests: 1000,
    ...(values.model === undefined ? {} : { model: values.model }),
    ...(values['max-model-len'] === undefined
      ? {}
      : { maxModelLen: Number(values['max-model-len']) }),
  });
  console.log(
    `sim-llm (simulated OpenAI-compatible server, a test instrument) listening on ${sim.baseUrl}`,
  );
  console.log(`latency model: ${values.latency}; press Ctrl+C to stop.`);
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
