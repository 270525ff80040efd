// The files inside a ZIP archive (an XLSX), read with node:zlib from the central directory, so a
// test can look at the XML a spreadsheet application will read, not at what a library makes of it.
import { inflateRawSync } from 'node:zlib';

/** Every file of the archive by its name, as text (UTF-8). Stored and deflated entries only. */
export function zipEntries(zip: Uint8Array): Map<string, string> {
  const buf = Buffer.from(zip);
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP archive');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error('damaged central directory');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression ${method}`);
    files.set(name, (method === 0 ? data : inflateRawSync(data)).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}
