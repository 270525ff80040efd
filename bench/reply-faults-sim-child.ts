// The simulator in its own process for bench/reply-faults.ts overflow: every reply 50 MB, so the
// benchmark's own peak memory is the client's and the run's, not the simulator's.
import { startSimLlm } from '../sim/server.ts';

const sim = await startSimLlm({
  latency: 'zero',
  faults: [{ kind: 'ignore-max-tokens', overflowChars: 50_000_000 }],
});
process.stdout.write(`${sim.baseUrl}\n`);
process.on('disconnect', () => void sim.close().then(() => process.exit(0)));
