// How a backend's last connection test reads on the Ask screen: "Connected 2 min ago · 38 ms ·
// model X", "Not tested", "Could not connect 5 min ago: …"; for the built-in model, which has no
// server to connect to, "Loaded 2 min ago · 1.6 s · model X" and "Could not load … ".
import type { BackendTestRecord } from '../../../shared/api.ts';

/** A reachability check younger than this is not repeated when the Ask screen shows again. */
export const CHECK_FRESH_MS = 30_000;

/** "just now", "40 s ago", "2 min ago", "3 h ago", "2 days ago". */
export function formatAgo(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 10) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} days ago`;
}

export type TestTone = 'ok' | 'failed' | 'untested';

/** "38 ms" for a server's answer; "1.6 s" for a model loaded from disk (seconds, not 1561 ms). */
export function formatLatency(ms: number, builtin = false): string {
  if (!builtin) return `${ms} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/**
 * One line for a profile's last test (undefined: never tested, or changed since). `brief` leaves
 * out a failure's message where it is shown beside the line anyway; `builtin`: the test loaded
 * the built-in model rather than reaching a server.
 */
export function describeTest(
  record: BackendTestRecord | undefined,
  now: number,
  brief = false,
  builtin = false,
): { tone: TestTone; text: string } {
  if (!record) return { tone: 'untested', text: 'Not tested' };
  const ago = formatAgo(now - record.at);
  if (record.ok) {
    const model = record.model ? ` · model ${record.model}` : '';
    const verb = builtin ? 'Loaded' : 'Connected';
    return {
      tone: 'ok',
      text: `${verb} ${ago} · ${formatLatency(record.latencyMs, builtin)}${model}`,
    };
  }
  const why = brief ? '' : `: ${record.error?.message ?? 'no answer'}`;
  return { tone: 'failed', text: `Could not ${builtin ? 'load' : 'connect'} ${ago}${why}` };
}

/** True when `record` is recent enough to stand for a new reachability check. */
export function isFresh(record: BackendTestRecord | undefined, now: number): boolean {
  return record !== undefined && now - record.at < CHECK_FRESH_MS;
}
