// The app's Content-Security-Policy, in one place: electron/app sends it as a response header on
// every page, the renderer build writes it into index.html as a meta tag (renderer/vite.config.ts),
// and the e2e harness's static server sends the same header, so tests run under the users' policy.

/**
 * No remote content at all: scripts, styles, fonts, images and workers come only from the app's
 * own origin; no inline script, no eval, no plugins, no frames, no form posts, no `<base>` tricks.
 * `connect-src 'none'`: the renderer fetches nothing (it talks to main through window.memagent;
 * the LLM is called from main). `img-src data:` allows icons inlined by the bundler. This is the
 * policy users already had when index.html and main each carried their own (the two intersected).
 */
const DIRECTIVES: readonly (readonly [name: string, value: string])[] = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['connect-src', "'none'"],
  ['worker-src', "'self'"],
  ['manifest-src', "'self'"],
  ['media-src', "'none'"],
  ['object-src', "'none'"],
  ['frame-src', "'none'"],
  ['child-src', "'none'"],
  ['frame-ancestors', "'none'"],
  ['form-action', "'none'"],
  ['base-uri', "'none'"],
];

/** Directives a `<meta>` policy cannot carry: Chromium ignores them there, with a console error. */
const HEADER_ONLY = new Set(['frame-ancestors']);

/** The policy the app sends as the `Content-Security-Policy` header of every page. */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.map(([name, value]) => `${name} ${value}`).join(
  '; ',
);

/** The same policy for index.html's `<meta http-equiv>`: the header's, less header-only directives. */
export const META_CONTENT_SECURITY_POLICY = DIRECTIVES.filter(([name]) => !HEADER_ONLY.has(name))
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');
