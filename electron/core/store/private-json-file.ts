import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { CoreError } from '../errors.ts';

/** A small JSON file only its owner may read, validated on read and replaced atomically. */
export interface PrivateJsonFile<T> {
  /** The file's content, or `undefined` when it does not exist yet. */
  read(): T | undefined;
  write(value: T): void;
}

/**
 * Opens `file` as a private JSON file holding `schema`'s shape. A file that is not valid JSON or
 * does not match throws `Damaged` with `what` in its sentence and a hint to delete it.
 */
export function privateJsonFile<T>(
  file: string,
  schema: z.ZodType<T>,
  what: string,
): PrivateJsonFile<T> {
  return {
    read() {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new CoreError('Damaged', `The ${what} cannot be read.`, {
          hint: `Delete ${file} and enter the keys again.`,
        });
      }
      return parsed.data;
    },
    write(value) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // Write a private temporary file and rename it over the old one, so a crash never leaves a
      // half-written file and its content is never briefly readable by others.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
      fs.chmodSync(tmp, 0o600);
      fs.renameSync(tmp, file);
    },
  };
}
