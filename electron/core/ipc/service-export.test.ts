// Exports through the app's service: the save dialog's suggested name, PDF through the injected
// printer (or a clear refusal without one), and "Open file" only for what this service saved.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallName, CallRequest } from '../../../shared/api.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { chromiumPrinter } from '../export/chromium-printer.ts';
import { createMemorySecretStore } from '../store/secret-store.ts';
import { createService, type Service } from './create-service.ts';
import { invokeCall } from './invoke-call.ts';
import { bookText, SMALL_CHUNKS } from './service-harness.test-support.ts';

const CHROMIUM = '/usr/bin/chromium';
let dir: string;
let sim: SimServer;
let service: Service;
afterEach(async () => {
  await service.dispose();
  await sim.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(withPrinter: boolean) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-service-export-'));
  sim = await startSimLlm({});
  const opened: string[] = [];
  const finished = new Map<string, () => void>();
  service = createService({
    dataDir: dir,
    secrets: createMemorySecretStore(),
    emit: (_target, name, payload) => {
      const event = (payload as { event?: { runId: string; type: string } }).event;
      if (name === 'run:event' && event && ['finished', 'failed', 'cancelled'].includes(event.type))
        finished.get(event.runId)?.();
    },
    chooseSavePath: async (suggested) => path.join(dir, suggested),
    ...(withPrinter ? { printPdf: chromiumPrinter(CHROMIUM) } : {}),
    openPath: async (file) => void opened.push(`file:${file}`),
    showInFolder: (file) => void opened.push(`folder:${file}`),
  });
  const call = async <K extends CallName>(name: K, request: CallRequest<K>) =>
    invokeCall(service.handlers, name, request, { senderId: 'w' });
  const ok = async <K extends CallName>(name: K, request: CallRequest<K>) => {
    const result = await call(name, request);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    return result.value as never;
  };
  fs.writeFileSync(path.join(dir, 'book.txt'), bookText());
  const info: { id: string } = await ok('documents:open', { path: path.join(dir, 'book.txt') });
  await ok('settings:save-profile', {
    profile: { id: 'sim', name: 'Sim', kind: 'custom', baseUrl: sim.baseUrl, hasApiKey: false },
  });
  await ok('settings:set-active-profile', { profileId: 'sim' });
  const ask = async () => {
    const run: { id: string } = await ok('runs:start', {
      documentId: info.id,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    await new Promise<void>((resolve) => finished.set(run.id, resolve));
    return run.id;
  };
  return { call, ok, ask, documentId: info.id, opened };
}

describe('exports through the service', () => {
  it.skipIf(!fs.existsSync(CHROMIUM))(
    'saves a question’s runs as PDF under a name from the question, and opens only that file',
    async () => {
      const s = await start(true);
      const runIds = [await s.ask(), await s.ask()];
      const saved: { path: string } = await s.ok('export:session', {
        documentId: s.documentId,
        runIds,
        format: 'pdf',
        scope: 'question',
      });
      expect(path.basename(saved.path)).toBe('what-is-the-vault-code-runs.pdf');
      expect(fs.readFileSync(saved.path).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await s.ok('export:open-saved', { path: saved.path, show: 'file' });
      await s.ok('export:open-saved', { path: saved.path, show: 'folder' });
      expect(s.opened).toEqual([`file:${saved.path}`, `folder:${saved.path}`]);
      // Any other path is refused, even one in the same folder.
      const other = await s.call('export:open-saved', {
        path: path.join(dir, 'memagent.db'),
        show: 'file',
      });
      expect(other).toMatchObject({
        ok: false,
        error: {
          kind: 'BadUsage',
          message:
            'The file was not opened: only a file this window just exported can be opened from here.',
        },
      });
      expect(s.opened).toHaveLength(2);
    },
    60_000,
  );

  it('refuses PDF in one sentence where no printer was given, and saves nothing', async () => {
    const s = await start(false);
    await s.ask();
    const result = await s.call('export:session', { documentId: s.documentId, format: 'pdf' });
    expect(result).toMatchObject({
      ok: false,
      error: { message: 'PDF export is not available here.' },
    });
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.pdf'))).toEqual([]);
  });
});
