// A locale tag as every part of the app takes it: the renderer's (the UI's language), a
// terminal's (LC_ALL / LC_MESSAGES / LANG) and what `reviews:get` receives. Pure: Intl only.

/** Most characters of a locale tag accepted from outside (BCP 47 tags in use are far shorter). */
export const MAX_LOCALE_CHARS = 64;

/** `tag` in its canonical form ("de-de" → "de-DE"), or undefined when Intl does not take it. */
export function canonicalLocale(tag: string | undefined): string | undefined {
  if (tag === undefined || tag === '' || tag.length > MAX_LOCALE_CHARS) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The locale a POSIX environment names for messages (LC_ALL, then LC_MESSAGES, then LANG:
 * "de_DE.UTF-8" → "de-DE", "ja_JP.eucJP@x" → "ja-JP"); undefined for C, POSIX, unset or unknown.
 */
export function environmentLocale(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const raw = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  const tag = raw?.split(/[.@]/)[0]?.replace(/_/g, '-');
  if (tag === undefined || tag === 'C' || tag === 'POSIX') return undefined;
  return canonicalLocale(tag);
}
