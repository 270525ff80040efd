// Whether a run asks the model to quote its sources after the answer. The check costs one short
// request per cited chunk (roughly that chunk's tokens each), free on the user's own server and
// billed on a paid API, so it is on by default only where nobody pays per token. One rule for
// the settings form, the service and the command line.
import { BACKEND_DEFAULTS } from './backends.ts';
import type { BackendProfile, Evidence, QuoteCheckStatus } from './schemas.ts';

/** The cited chunks the model is asked about, at most (best first). */
export const QUOTE_CHECK_CHUNKS = 3;

/**
 * True when `baseUrl` points at this machine or a private network (loopback, RFC 1918, link-local,
 * unique-local IPv6, `.local` names): the user's own server, with no per-token bill.
 */
export function isOwnServerUrl(baseUrl: string): boolean {
  // Shared code has no URL class: the host is read from the authority (after any user info).
  const authority = /^https?:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(baseUrl.trim());
  const host = (authority?.[1] ?? '').toLowerCase().replace(/^\[|\]$/g, '');
  if (host === '') return false;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host === '::1' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host)) return true;
  const ip = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (!ip) return false;
  const a = Number(ip[1]);
  const b = Number(ip[2]);
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/**
 * The quote check's setting for a profile: the user's choice when made; otherwise on for kinds
 * that need no key (vLLM, Ollama, a custom server), and off for cloud kinds, for a profile with a
 * price, and for a keyed server on a public address (a paid API behind the custom kind).
 */
export function quoteCheckOn(
  profile: Pick<
    BackendProfile,
    'kind' | 'baseUrl' | 'hasApiKey' | 'quoteCheck' | 'inputPricePerMTok' | 'outputPricePerMTok'
  >,
): boolean {
  if (profile.quoteCheck !== undefined) return profile.quoteCheck;
  if (BACKEND_DEFAULTS[profile.kind].needsKey) return false;
  if ((profile.inputPricePerMTok ?? 0) > 0 || (profile.outputPricePerMTok ?? 0) > 0) return false;
  return !profile.hasApiKey || isOwnServerUrl(profile.baseUrl);
}

/**
 * One sentence on how the quote check went, for the answer view, the CLI and the exports:
 * "The model quoted 2 of 3 cited chunks; 1 quote was not found in the text and was ignored."
 */
export function quoteCheckLine(check: QuoteCheckStatus): string {
  const { asked, accepted, rejected, failed } = check;
  if (asked === 0) return 'The model was not asked to quote its sources (no cited chunk).';
  const quoted = accepted + rejected;
  const parts = [`The model quoted ${quoted} of ${asked} cited chunk${asked === 1 ? '' : 's'}`];
  if (rejected > 0)
    parts.push(
      `${rejected} quote${rejected === 1 ? ' was' : 's were'} not found in the text and ${rejected === 1 ? 'was' : 'were'} ignored`,
    );
  if (failed > 0) parts.push(`${failed} request${failed === 1 ? '' : 's'} failed`);
  return `${parts.join('; ')}.`;
}

/**
 * How a passage the model quoted is marked in the exports, the CLI and the app (null for one
 * found by alignment alone).
 */
export function quotedLabel(by: Evidence['by']): string | null {
  if (by === 'both') return 'quoted by the model, confirmed by the memory trail';
  if (by === 'model') return 'quoted by the model';
  return null;
}
