// The one rule for which links leave the app for the user's browser, used by the
// `shell:open-external` call and by the window's navigation and new-window guards
// (electron/app/security.ts).
import { CoreError } from './errors.ts';

export type ExternalUrlCheck =
  { ok: true; href: string } | { ok: false; message: string; detail?: string };

/**
 * Checks a link before the operating system's browser gets it: an absolute http(s) URL with a
 * host and no embedded credentials, returned normalised. Everything else (file:, javascript:,
 * data:, custom schemes that launch other programs, `user:pass@host` phishing forms, absurd
 * lengths) is refused with a sentence saying why.
 */
export function checkExternalUrl(url: string): ExternalUrlCheck {
  let parsed: URL | null = null;
  if (typeof url === 'string' && url.length > 0 && url.length <= 4096) {
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
  }
  if (parsed === null) return { ok: false, message: 'That link is not a valid web address.' };
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return {
      ok: false,
      message: 'Only web links (http and https) can be opened.',
      detail: parsed.protocol,
    };
  }
  if (parsed.hostname === '') return { ok: false, message: 'That link names no web site.' };
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, message: 'Links with a user name or password in them are not opened.' };
  }
  return { ok: true, href: parsed.href };
}

/** The normalised link to open, or a `BadUsage` error saying why it is refused. */
export function externalUrl(url: string): string {
  const check = checkExternalUrl(url);
  if (check.ok) return check.href;
  throw new CoreError('BadUsage', check.message, { detail: check.detail });
}
