// A chat completion stream read as the OpenAI SDK reads it (server-sent events, one JSON value
// each, `[DONE]` ends it, an error payload throws the SDK's APIError), without the SDK's
// per-token pipeline: six async generators, a line and an event decoder and a normalising copy
// for every token. The events are decoded by `eventsource-parser` (a kept SSE parser); this file
// only gives them the SDK's meaning. Over a job of thousands of chunks that pipeline was a third of all the
// client allocated and half of what outlived V8's young-generation collections
// (docs/benchmarks.md, "Memory of 500 queued runs").
import { createParser } from 'eventsource-parser';
import { APIError, OpenAIError } from 'openai';

/**
 * Reads the SSE body of `response`, handing each event's parsed JSON to `onData` in order, until
 * the body ends, `[DONE]` arrives or `onData` returns `false` (the body is then cancelled). An
 * aborted request ends the reading silently, as the SDK's stream does: the caller says why.
 * Throws the SDK's `APIError` for an `error` event or a payload with `error`, and a
 * `SyntaxError` for data that is not JSON.
 */
export async function readSseJson(
  response: Response,
  signal: AbortSignal,
  onData: (data: unknown) => boolean | void,
): Promise<void> {
  const body = response.body;
  if (body === null) throw new OpenAIError('Attempted to iterate over a response with no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let stopped = false;
  let finished = false;

  /** One event, as the SDK takes it; sets `stopped` once reading should end. */
  const onEvent = ({ event: name, data: text }: { event?: string | undefined; data: string }) => {
    if (stopped) return;
    if (text === '[DONE]') {
      stopped = true;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new SyntaxError('Error reading response: malformed server-sent event JSON.');
    }
    if (name?.startsWith('thread.')) return; // not a chat completion event
    const payload = value as { error?: unknown } | null;
    if (name === 'error') {
      // As the SDK passes it, `null` included.
      const error = (payload?.error ?? payload) as object | undefined;
      throw new APIError(undefined, error, undefined, response.headers);
    }
    if (payload?.error) {
      throw new APIError(undefined, payload.error as object, undefined, response.headers);
    }
    if (onData(value) === false) stopped = true;
  };
  const parser = createParser({ onEvent });

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (stopped) return;
    }
    // The rest of the bytes, then the last line and event when the server left out their
    // ending (the SDK dispatches them too): two line breaks end both.
    parser.feed(decoder.decode() + '\n\n');
    finished = true;
  } catch (error) {
    // The request aborted (ours, a timeout's, the user's), as the SDK's stream takes it.
    if (signal.aborted || (error instanceof Error && error.name === 'AbortError')) return;
    throw error;
  } finally {
    if (!finished) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
