// The GGUF header check (electron/core/models/gguf.ts) on a large file and on hostile ones: a
// sparse 5 GB file whose header carries a Qwen2.5-sized vocabulary (151,936 tokens, 151,387
// merges), checked N times in a process of its own (times, its peak RSS; only the header is
// read); then every damaged or hostile kind of hostile-gguf.test-support.ts, outcome and time.
// Run: npm exec -- node bench/gguf-check.ts [--rounds N] [--gb N]
import { spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { tinyGguf } from '../electron/core/llm/builtin/tiny-gguf.test-support.ts';
import { CoreError } from '../electron/core/errors.ts';
import { checkGgufFile } from '../electron/core/models/gguf.ts';
import { hostileGgufs } from '../electron/core/models/hostile-gguf.test-support.ts';

const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROUNDS = arg('--rounds', 5);
const GB = arg('--gb', 5);
const VOCAB = 151_936;
const MERGES = 151_387;

/** `--check FILE`: only the checks, in a process of their own, so its peak memory is theirs. */
async function checkOnly(file: string): Promise<void> {
  const before = process.resourceUsage().maxRSS / 1024;
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    await checkGgufFile(file);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `check of the large file: median ${ms(times[Math.floor(times.length / 2)]!)}, min ${ms(times[0]!)}, max ${ms(times.at(-1)!)} (${ROUNDS} rounds); peak RSS of the checking process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (${before.toFixed(0)} MiB with the code loaded, before the first check)`,
  );
}

const checkAt = process.argv.indexOf('--check');
if (checkAt > 0) {
  await checkOnly(process.argv[checkAt + 1]!);
  process.exit(0);
}

const dir = mkdtempSync(path.join(tmpdir(), 'memagent-bench-gguf-'));
try {
  const tokens = Array.from({ length: VOCAB }, (_, i) => `tok${i.toString(36)}`);
  const header = tinyGguf({
    metadata: {
      'tokenizer.ggml.tokens': { type: 'str[]', value: tokens },
      'tokenizer.ggml.token_type': { type: 'i32[]', value: tokens.map(() => 1) },
      'tokenizer.ggml.merges': {
        type: 'str[]',
        value: Array.from({ length: MERGES }, (_, i) => `t${i % 97} k${i % 89}`),
      },
    },
  });
  const big = path.join(dir, 'large.gguf');
  const fd = openSync(big, 'w');
  writeSync(fd, header);
  ftruncateSync(fd, GB * 2 ** 30); // sparse: the rest occupies no disk
  closeSync(fd);
  console.log(
    `large file: ${GB} GiB sparse, ${(header.length / 2 ** 20).toFixed(1)} MiB written (header + tiny tensors), load ${loadavg()[0]!.toFixed(1)}`,
  );
  const child = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--check', big, '--rounds', String(ROUNDS)],
    { encoding: 'utf8' },
  );
  process.stdout.write(child.stdout + child.stderr);
  const node = spawnSync(process.execPath, ['-e', 'console.log(process.resourceUsage().maxRSS)'], {
    encoding: 'utf8',
  });
  console.log(`(an empty node process: ${(Number(node.stdout) / 1024).toFixed(0)} MiB)`);

  console.log('\n| kind | outcome | time |\n| --- | --- | --- |');
  for (const h of hostileGgufs()) {
    const file = path.join(dir, `${h.kind.replace(/\W+/g, '-')}.gguf`);
    const fd2 = openSync(file, 'w');
    writeSync(fd2, h.bytes);
    closeSync(fd2);
    const t = performance.now();
    let outcome = 'accepted';
    try {
      await checkGgufFile(file);
    } catch (error) {
      outcome =
        error instanceof CoreError
          ? `${error.kind}: ${error.message.split(': ').slice(1).join(': ')}`
          : `crash: ${String(error)}`;
    }
    console.log(`| ${h.kind} | ${outcome} | ${(performance.now() - t).toFixed(1)} ms |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
