// Helpers for this folder's tests only.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { CoreError } from '../errors.ts';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
export const fixture = (name: string): string => resolve(repoRoot, 'test-fixtures', name);
export const fixtureBytes = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(fixture(name)));
export const corpusDir = resolve(repoRoot, '../shared/corpus');

/** Awaits a rejection and checks it is a CoreError of `kind`. */
export async function expectKind(promise: Promise<unknown>, kind: string): Promise<CoreError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a ${kind} error`).toBeInstanceOf(CoreError);
  expect((error as CoreError).kind).toBe(kind);
  return error as CoreError;
}
