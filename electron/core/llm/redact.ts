/**
 * Removes an API key from text that may reach a user, a log or an export: the key itself,
 * anything after `Bearer ` and after an `api-key` label (a careless server may echo them back).
 */
export function redactSecrets(text: string, apiKey: string | undefined): string {
  let out = text;
  if (apiKey !== undefined && apiKey.length > 0) out = out.split(apiKey).join('[redacted]');
  return out
    .replace(/(Bearer\s+)[^\s"',;]+/gi, '$1[redacted]')
    .replace(/(api[-_]key["']?\s*[:=]\s*["']?)[^\s"',;]+/gi, '$1[redacted]');
}

/** The URL without credentials or query (which may carry a key), for messages. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`.replace(/\/$/, '');
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}
