// A chat completion stream read as the OpenAI SDK reads it (server-sent events, one JSON value
// each, `[DONE]` ends it, an error payload throws the SDK's APIError), without the SDK's
// per-token pipeline: six async generators, a line and an event decoder and a normalising copy
// for every token. Over a job of thousands of chunks that pipeline was a third of all the
// client allocated and half of what outlived V8's young-generation collections
// (docs/benchmarks.md, "Memory of 500 queued runs").
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
  let buffered = '';
  // The event being read: its name and data lines (SSE: `event:`, `data:`, a blank line ends it).
  let event: string | null = null;
  let data: string[] = [];
  let finished = false;

  /** Dispatches the event read so far; false once reading should stop. */
  const dispatch = (): boolean => {
    if (event === null && data.length === 0) return true;
    const name = event;
    const text = data.join('\n');
    event = null;
    data = [];
    if (text === '[DONE]') return false;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new SyntaxError('Error reading response: malformed server-sent event JSON.');
    }
    if (name?.startsWith('thread.')) return true; // not a chat completion event
    const payload = value as { error?: unknown } | null;
    if (name === 'error') {
      // As the SDK passes it, `null` included.
      const error = (payload?.error ?? payload) as object | undefined;
      throw new APIError(undefined, error, undefined, response.headers);
    }
    if (payload?.error) {
      throw new APIError(undefined, payload.error as object, undefined, response.headers);
    }
    return onData(value) !== false;
  };

  /** One line of the stream (without its line break); false once reading should stop. */
  const line = (text: string): boolean => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return true;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    return true;
  };

  /** The complete lines in `buffered` (`\n`, `\r\n` or `\r` ends one); false once stopping. */
  const lines = (atEnd: boolean): boolean => {
    let start = 0;
    for (;;) {
      let end = start;
      while (end < buffered.length) {
        const c = buffered.charCodeAt(end);
        if (c === 10 || c === 13) break;
        end += 1;
      }
      if (end === buffered.length) break;
      // A `\r` last in the buffer may be the first half of `\r\n`: wait for the next bytes.
      if (buffered.charCodeAt(end) === 13 && end + 1 === buffered.length && !atEnd) break;
      const next =
        buffered.charCodeAt(end) === 13 && buffered.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
      const keepGoing = line(buffered.slice(start, end));
      start = next;
      if (!keepGoing) return false;
    }
    buffered = buffered.slice(start);
    return true;
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      if (!lines(false)) return;
    }
    buffered += decoder.decode();
    if (!lines(true)) return;
    // The last line and event, when the server left out their ending.
    if (buffered !== '' && !line(buffered)) return;
    buffered = '';
    dispatch();
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
