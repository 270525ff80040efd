// Which starts of the app's executable are the `memagent` command, and what the command is given.
import { describe, expect, it } from 'vitest';
import { commandLineArguments } from './command-mode.ts';

describe('commandLineArguments', () => {
  it('is the app (undefined) unless --memagent-cli comes first', () => {
    expect(commandLineArguments(['/Applications/MemAgent'], false)).toBeUndefined();
    expect(commandLineArguments(['/x/MemAgent', 'book.pdf', '--memagent-cli'], false)).toBe(
      undefined,
    );
    // In development Electron is started on the app's folder, which comes first.
    expect(commandLineArguments(['electron', 'out/main/main.js'], true)).toBeUndefined();
  });

  it('gives the command what follows the flag, without the launcher’s switches and --', () => {
    expect(commandLineArguments(['/x/MemAgent', '--memagent-cli', '--version'], false)).toEqual([
      '--version',
    ]);
    expect(
      commandLineArguments(['electron', 'out/main/main.js', '--memagent-cli', 'runs'], true),
    ).toEqual(['runs']);
    expect(
      commandLineArguments(
        ['/x/MemAgent', '--memagent-cli', '--js-flags=--a --b', '--', '--', 'ask', '-q'],
        false,
      ),
    ).toEqual(['--', 'ask', '-q']);
    expect(commandLineArguments(['/x/MemAgent', '--memagent-cli'], false)).toEqual([]);
  });
});
