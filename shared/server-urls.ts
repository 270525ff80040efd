// The servers of one backend profile: its URL and the extra ones beside it (several replicas of
// one model). One check, used by the Settings form as the user types and by main on saving, so
// both refuse the same URLs in the same words.
import { isHttpUrl } from './schemas.ts';

/** How two URLs are compared: scheme and host case-insensitively, a trailing slash ignored. */
export function sameServer(a: string, b: string): boolean {
  return comparable(a) === comparable(b);
}

// Without URL (shared/ sees no DOM or Node): scheme and host lower-cased, then the rest as is.
function comparable(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(trimmed)?.[0] ?? '';
  return origin.toLowerCase() + trimmed.slice(origin.length);
}

/**
 * One sentence per extra URL that cannot be saved (undefined where it can), in `extras` order:
 * not an http(s) address, the same as the main URL, or the same as an earlier extra one.
 */
export function extraUrlProblems(
  baseUrl: string,
  extras: readonly string[],
): (string | undefined)[] {
  return extras.map((url, i) => {
    const shown = url.trim();
    if (shown === '') return 'Enter this server’s URL, or remove the line.';
    if (!isHttpUrl(shown))
      return `${shown} is not an http:// or https:// address (for example http://localhost:8001/v1).`;
    if (sameServer(shown, baseUrl)) return `${shown} is already the server URL above.`;
    if (extras.slice(0, i).some((earlier) => sameServer(earlier, shown)))
      return `${shown} is already in the list.`;
    return undefined;
  });
}

/** The first problem of a profile's extra URLs, for a refusal on saving. */
export function firstExtraUrlProblem(
  baseUrl: string,
  extras: readonly string[] | undefined,
): string | undefined {
  return extraUrlProblems(baseUrl, extras ?? []).find((p) => p !== undefined);
}
