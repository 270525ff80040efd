/**
 * GPT-2's byte-to-unicode table, used by byte-level BPE vocabularies (Qwen's tokenizer.json):
 * every byte is written as one printable character so tokens can be stored as JSON strings.
 */
export function byteToUnicode(): string[] {
  const bytes: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) bytes.push(b);
  for (let b = 0xa1; b <= 0xac; b++) bytes.push(b);
  for (let b = 0xae; b <= 0xff; b++) bytes.push(b);
  const chars = bytes.map((b) => b);
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!bytes.includes(b)) {
      bytes.push(b);
      chars.push(256 + n);
      n++;
    }
  }
  const table = new Array<string>(256);
  bytes.forEach((b, i) => {
    table[b] = String.fromCodePoint(chars[i]!);
  });
  return table;
}

/** The inverse of {@link byteToUnicode}: a byte-level token string back to its bytes. */
export function unicodeToBytes(token: string): Uint8Array {
  const inverse = inverseTable();
  const out = new Uint8Array(token.length);
  let i = 0;
  for (const ch of token) {
    const b = inverse.get(ch);
    if (b === undefined) throw new Error(`Not a byte-level character: ${JSON.stringify(ch)}`);
    out[i++] = b;
  }
  return out.subarray(0, i);
}

let inverseCache: Map<string, number> | undefined;
function inverseTable(): Map<string, number> {
  if (!inverseCache) inverseCache = new Map(byteToUnicode().map((ch, b) => [ch, b]));
  return inverseCache;
}
