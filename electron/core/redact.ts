// The one place that hides secrets from text a user, a log or an export may see: API keys (the
// app's LLM client and tokenizer, the CLI's messages) and URLs (messages and exports).

/** Shorter values are not searched for: they are placeholders ("x"), and hiding every "x" in a message would garble it. */
const MIN_SECRET_CHARS = 4;

/**
 * Removes secrets from text: each given secret (an API key, a password) wherever it occurs,
 * anything after `Bearer ` and after an `api-key` label (a careless server may echo them back).
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= MIN_SECRET_CHARS)
      out = out.split(secret).join('[redacted]');
  }
  return out
    .replace(/(Bearer\s+)[^\s"',;]+/gi, '$1[redacted]')
    .replace(/(api[-_]key["']?\s*[:=]\s*["']?)[^\s"',;]+/gi, '$1[redacted]');
}

/** The URL without credentials, query or fragment (which may carry a key), for messages and exports. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`.replace(/\/$/, '');
  } catch {
    return url.replace(/[?#].*$/, '').replace(/\/\/[^/]*@/, '//');
  }
}
