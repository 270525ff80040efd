// `npm run dist`: builds out/ and packages it with electron-builder (electron-builder.yml) for this
// platform, or for the targets given after `--` (e.g. `npm run dist -- --linux AppImage deb`).
// Packaging downloads Electron and tools from GitHub; where that is unreachable it fails, and this
// script says so in one sentence and exits non-zero (never a silent success).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NETWORK_ERROR =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|fetch failed|getaddrinfo/;

async function main(): Promise<number> {
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-electron.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) return built.status ?? 1;

  const cli = path.join(repoRoot, 'node_modules/electron-builder/cli.js');
  const child = spawn(process.execPath, [cli, '--publish', 'never', ...process.argv.slice(2)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // electron-builder prints its errors on either stream: keep the tail of both to explain a failure.
  let output = '';
  const keep = (sink: NodeJS.WriteStream) => (chunk: Buffer) => {
    sink.write(chunk);
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  const code = await new Promise<number>((resolve) => {
    child.on('error', (error) => {
      output += error.message;
      resolve(1);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal === null ? 0 : 1)));
  });
  if (code === 0) {
    console.log('Packages written to release/.');
    return 0;
  }
  console.error(
    NETWORK_ERROR.test(output)
      ? 'Packaging failed: electron-builder could not download Electron or its packaging tools (no access to GitHub from this machine).'
      : `Packaging failed: electron-builder exited with code ${code} (see its messages above).`,
  );
  return code;
}

void main().then((code) => {
  process.exitCode = code;
});
