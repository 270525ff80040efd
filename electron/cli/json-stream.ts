// JSON on stdout a piece at a time: a run of 10⁶ chunks is 300 MB of JSON, which as one string
// (JSON.stringify, then the line break appended, then the bytes) took `show --json` to 2.9 GB.

/** Pieces are gathered up to about this many characters before each write. */
const BATCH_CHARS = 1 << 20;

/**
 * Writes `value` exactly as `JSON.stringify(value, null, 2)` and a line break would, but each
 * array under a key of `streamed` one element at a time, so no string holds more than one
 * element and a batch. A streamed key may hold any iterable (rows read from the store as they
 * are written), written as the array of its elements would be.
 */
export async function writeJson(
  out: (text: string) => Promise<void>,
  value: Readonly<Record<string, unknown>>,
  streamed: readonly string[],
): Promise<void> {
  let batch = '';
  const put = async (text: string) => {
    batch += text;
    if (batch.length >= BATCH_CHARS) {
      const ready = batch;
      batch = '';
      await out(ready);
    }
  };
  const nested = (v: unknown, depth: number) =>
    (JSON.stringify(v, null, 2) ?? 'null').replaceAll('\n', `\n${' '.repeat(depth)}`);
  // JSON.stringify leaves out keys whose value is undefined (or a function).
  const keys = Object.keys(value).filter(
    (k) => isIterable(value[k]) || JSON.stringify(value[k]) !== undefined,
  );
  if (keys.length === 0) {
    await out('{}\n');
    return;
  }
  await put('{\n');
  for (const [i, key] of keys.entries()) {
    const v = value[key];
    await put(`  ${JSON.stringify(key)}: `);
    if (streamed.includes(key) && isIterable(v)) {
      let first = true;
      for (const element of v) {
        await put(`${first ? '[\n' : ',\n'}    ${nested(element, 4)}`);
        first = false;
      }
      await put(first ? '[]' : '\n  ]');
    } else {
      await put(nested(v, 2));
    }
    await put(i + 1 < keys.length ? ',\n' : '\n');
  }
  await put('}\n');
  if (batch !== '') await out(batch);
}

const isIterable = (v: unknown): v is Iterable<unknown> =>
  typeof v === 'object' && v !== null && Symbol.iterator in v;
