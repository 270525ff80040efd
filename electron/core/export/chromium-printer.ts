// The command line's PDF printer: a headless Chromium, Chrome or Edge run once per export with
// `--print-to-pdf`, scripts off, in a throwaway profile. No browser is bundled with the CLI.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CoreError } from '../errors.ts';
import type { PdfPrinter } from './pdf.ts';

/** How long one print may take before the browser is stopped. */
export const PRINT_TIMEOUT_MS = 120_000;

const HINT =
  'Install Chromium (Debian/Ubuntu: apt install chromium; macOS: brew install --cask chromium) or Google Chrome, or pass its program with --chromium PATH (or MEMAGENT_CHROMIUM).';

/** The places a Chromium-family browser is usually installed, per platform. */
export function knownBrowserPaths(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'darwin')
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (r): r is string => r !== undefined && r !== '',
    );
    return roots.flatMap((root) => [
      path.win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      path.win32.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
      path.win32.join(root, 'Chromium', 'Application', 'chrome.exe'),
    ]);
  }
  const names = [
    'chromium',
    'chromium-browser',
    'google-chrome',
    'google-chrome-stable',
    'microsoft-edge',
  ];
  const dirs = (env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(path.delimiter).filter(Boolean);
  return [...dirs.flatMap((dir) => names.map((n) => path.join(dir, n))), '/snap/bin/chromium'];
}

/**
 * The browser to print with: `given` (--chromium), else MEMAGENT_CHROMIUM, else the first
 * well-known location that exists. Throws a sentence saying how to get one when none does.
 */
export function findChromium(
  given: string | undefined,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string {
  const chosen = given?.trim() || env.MEMAGENT_CHROMIUM?.trim();
  if (chosen) {
    if (!isExecutable(chosen))
      throw new CoreError('NotFound', `No browser program at ${chosen}.`, { hint: HINT });
    return chosen;
  }
  const found = knownBrowserPaths(platform, env).find(isExecutable);
  if (found === undefined)
    throw new CoreError(
      'NotFound',
      'A PDF export needs Chromium, Chrome or Edge, and none was found.',
      {
        hint: HINT,
      },
    );
  return found;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A printer that runs `browser --headless --print-to-pdf` on the page written to a private
 * temporary folder (removed afterwards), with the page's own `@page` rules (size, margins, page
 * numbers) instead of the browser's header and footer. Scripts cannot run: the export's CSP is
 * `default-src 'none'` (headless Chromium's own switch to disable JavaScript also stops it from
 * writing the PDF).
 */
export function chromiumPrinter(browser: string, timeoutMs = PRINT_TIMEOUT_MS): PdfPrinter {
  return async (html, signal) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-pdf-'));
    try {
      const page = path.join(dir, 'session.html');
      const out = path.join(dir, 'session.pdf');
      fs.writeFileSync(page, html, 'utf8');
      const args = [
        '--headless',
        '--disable-gpu',
        '--no-first-run',
        '--no-default-browser-check',
        '--disable-extensions',
        `--user-data-dir=${path.join(dir, 'profile')}`,
        '--no-pdf-header-footer',
        `--print-to-pdf=${out}`,
        pathToFileURL(page).href,
      ];
      // Chromium refuses to start as root without this; the page has no script to escape with.
      if (process.getuid?.() === 0) args.unshift('--no-sandbox');
      await runBrowser(browser, args, timeoutMs, signal);
      if (!fs.existsSync(out))
        throw new CoreError('Unsupported', 'The browser finished without writing the PDF.', {
          hint: `Check that ${browser} can print (${browser} --headless --print-to-pdf), or pass another with --chromium.`,
        });
      return new Uint8Array(fs.readFileSync(out));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

function runBrowser(
  browser: string,
  args: string[],
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(browser, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      stop();
      reject(
        new CoreError(
          'TimeLimit',
          `The browser took more than ${timeoutMs / 1000} s to print the PDF.`,
          {
            hint: 'Try again, or export fewer questions at once.',
          },
        ),
      );
    }, timeoutMs);
    const onAbort = () => {
      stop();
      reject(new CoreError('Cancelled', 'The PDF export was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new CoreError('NotFound', `The browser ${browser} could not be started.`, {
          hint: HINT,
          detail: error.message,
        }),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolve();
      else
        reject(
          new CoreError(
            'Unsupported',
            `The browser stopped with code ${code} before the PDF was written.`,
            {
              hint: `Check that ${browser} runs headless, or pass another with --chromium.`,
              detail: stderr,
            },
          ),
        );
    });
  });
}
