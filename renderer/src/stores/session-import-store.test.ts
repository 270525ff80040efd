import { describe, expect, it } from 'vitest';
import { isSessionFile } from './session-import-store.ts';

const head = (text: string) => new TextEncoder().encode(text);

describe('isSessionFile', () => {
  it('takes a .json file that names the session format for an import', () => {
    expect(
      isSessionFile('q.json', head('{\n  "format": "memagent-session",\n  "version": 1')),
    ).toBe(true);
    expect(isSessionFile('Q.JSON', head('{"version":2,"format":"memagent-session"'))).toBe(true);
  });

  it('leaves every other file to open as a document', () => {
    // A document that only mentions the format, a JSON of another kind, a renamed text file.
    expect(isSessionFile('notes.txt', head('{"format": "memagent-session"}'))).toBe(false);
    expect(isSessionFile('data.json', head('{"format": "geojson"}'))).toBe(false);
    expect(
      isSessionFile('x.json', head('The "format": "memagent-session" is described here.')),
    ).toBe(false);
  });
});
