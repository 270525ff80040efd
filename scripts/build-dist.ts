// `npm run dist`: builds out/ and packages it with electron-builder (electron-builder.yml) for this
// platform, or for the targets given after `--` (e.g. `npm run dist -- --linux AppImage deb`).
// Packaging downloads Electron and tools from GitHub; where that is unreachable it fails, and this
// script says so in one sentence and exits non-zero (never a silent success).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NETWORK_ERROR = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|fetch failed|getaddrinfo/;

async function main(): Promise<number> {
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-electron.ts')], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) return built.status ?? 1;

  const cli = path.join(repoRoot, 'node_modules/electron-builder/cli.js');
  const child = spawn(process.execPath, [cli, '--publish', 'never', ...process.argv.slice(2)], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const code = await new Promise<number>((resolve) => {
    child.on('error', (error) => {
      stderr += error.message;
      resolve(1);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal === null ? 0 : 1)));
  });
  if (code === 0) {
    console.log('Packages written to release/.');
    return 0;
  }
  console.error(
    NETWORK_ERROR.test(stderr)
      ? 'Packaging failed: electron-builder could not download Electron or its packaging tools (no access to GitHub from this machine).'
      : `Packaging failed: electron-builder exited with code ${code} (see its messages above).`,
  );
  return code;
}

void main().then((code) => {
  process.exitCode = code;
});
