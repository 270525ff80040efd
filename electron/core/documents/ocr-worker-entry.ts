// The script of every OCR worker thread: tesseract.js's own Node worker script, loaded after
// taking the network away. tesseract.js downloads language data from a CDN whenever it is not
// handed the data or a local folder; the pool always hands it the data, and this makes sure a
// mistake there fails loudly instead of downloading. The worker script captures `fetch` when it
// loads, so it must be replaced first.
import { parentPort } from 'node:worker_threads';

globalThis.fetch = (input) =>
  Promise.reject(
    new Error(`OCR workers never use the network (a request for ${String(input)} was refused).`),
  );

interface Packet {
  jobId?: string;
  action?: string;
  status?: string;
  payload?: { langs?: unknown };
}

/**
 * tesseract.js 7 loads languages given as `{code, data}` but then initialises tesseract with
 * their `data` instead of their `code` (worker-script/index.js, `initialize`), so the pool's
 * languages would never initialise: hand `initialize` the codes.
 */
function withLanguageCodes(packet: Packet): Packet {
  const langs = packet.payload?.langs;
  if (packet.action !== 'initialize' || !Array.isArray(langs)) return packet;
  const codes = langs.map((l: unknown) =>
    typeof l === 'string' ? l : (l as { code: string }).code,
  );
  return { ...packet, payload: { ...packet.payload, langs: codes.join('+') } };
}

if (parentPort !== null) {
  const port = parentPort;
  type Listener = (value: unknown) => void;
  const on = port.on.bind(port) as (event: string, listener: Listener) => typeof port;
  port.on = ((event: string, listener: Listener) =>
    event === 'message'
      ? on(event, (packet) => listener(withLanguageCodes(packet as Packet)))
      : on(event, listener)) as typeof port.on;

  // When initialisation fails, tesseract.js 7 answers the job with a rejection and then a
  // resolution; the second finds no pending job on the main thread and throws there, outside
  // any promise (an uncaught exception in the app). Only the first answer of a job is sent.
  const answered = new Set<string>();
  const post = port.postMessage.bind(port) as (...args: unknown[]) => void;
  port.postMessage = ((message: unknown, ...rest: unknown[]) => {
    const { status, action, jobId } = message as Packet;
    if (status === 'resolve' || status === 'reject') {
      const key = `${action}-${jobId}`;
      if (answered.has(key)) return;
      answered.add(key);
    }
    post(message, ...rest);
  }) as typeof port.postMessage;
}

await import('tesseract.js/src/worker-script/node/index.js');
