// Reads an HTTP response body as text, up to a byte limit, so a server that ignores max_tokens
// cannot make the client hold a body of megabytes (the SDK's own parse reads it whole).

/**
 * The body of `response` as UTF-8 text, or undefined when it is longer than `maxBytes` (reading
 * stops there and the rest of the body is cancelled). Read errors (a connection lost mid-body,
 * an abort) are thrown as they come.
 */
export async function readBoundedText(
  response: Response,
  maxBytes: number,
): Promise<string | undefined> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
