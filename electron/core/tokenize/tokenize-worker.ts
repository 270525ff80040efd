// Worker thread entry: counts or encodes batches of text with one engine, so tokenizing a
// book never blocks the thread that asked.
import { parentPort, workerData } from 'node:worker_threads';
import { engine, type EngineName } from './engines.ts';
import { setTokenizerAssetDir } from './qwen-asset.ts';

export interface WorkerTask {
  id: number;
  op: 'count' | 'encode';
  texts: string[];
}

export type WorkerReply =
  | { id: number; ok: true; counts: Int32Array }
  | { id: number; ok: true; ids: Uint32Array[] }
  | { id: number; ok: false; message: string };

const data = workerData as { engine: EngineName; assetDir: string };
setTokenizerAssetDir(data.assetDir);
const tokenizer = engine(data.engine);

parentPort!.on('message', (task: WorkerTask) => {
  try {
    if (task.op === 'count') {
      const counts = Int32Array.from(task.texts, (t) => tokenizer.count(t));
      parentPort!.postMessage({ id: task.id, ok: true, counts } satisfies WorkerReply, [
        counts.buffer,
      ]);
    } else {
      const ids = task.texts.map((t) => Uint32Array.from(tokenizer.encode(t)));
      parentPort!.postMessage(
        { id: task.id, ok: true, ids } satisfies WorkerReply,
        ids.map((a) => a.buffer),
      );
    }
  } catch (error) {
    parentPort!.postMessage({
      id: task.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply);
  }
});
