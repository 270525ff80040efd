// Entity decoding without expansion: only the five XML entities, numeric references and a few
// common HTML names. Nothing here can define or expand a new entity (no "billion laughs").

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  mdash: '\u2014',
  ndash: '\u2013',
  hellip: '\u2026',
  rsquo: '\u2019',
  lsquo: '\u2018',
  rdquo: '\u201d',
  ldquo: '\u201c',
  copy: '\u00a9',
};

function fromCodePoint(code: number): string | undefined {
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
    return undefined;
  return String.fromCodePoint(code);
}

/** Decodes `&amp;`-style names (a fixed list), `&#NN;` and `&#xHH;`; unknown ones stay as they are. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g,
    (whole, body: string) => {
      if (body.startsWith('#x') || body.startsWith('#X'))
        return fromCodePoint(parseInt(body.slice(2), 16)) ?? whole;
      if (body.startsWith('#')) return fromCodePoint(parseInt(body.slice(1), 10)) ?? whole;
      return NAMED[body] ?? whole;
    },
  );
}
