// The last "Check this backend" of each profile (migration 6): its results, never a key, so
// Settings can say "Last checked …: 7 of 8 right" after a restart.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { checkSnapshotSchema, type CheckSnapshot } from '../../../shared/backend-check-schema.ts';
import type { StoredProfile } from './columns.ts';
import { parseColumn } from './columns.ts';

/** What a check was run against: a profile pointing elsewhere since then has not been checked. */
export interface CheckConnection {
  kind: string;
  baseUrl: string;
  model: string;
  apiVersion: string;
}

export function connectionOf(profile: StoredProfile): CheckConnection {
  return {
    kind: profile.kind,
    baseUrl: profile.baseUrl,
    model: profile.model ?? '',
    apiVersion: profile.apiVersion ?? '',
  };
}

const connectionColumn = z.object({
  kind: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  apiVersion: z.string(),
});

export interface CheckRepo {
  /** Keeps `snapshot` as the profile's last check (replacing the one before). */
  save(snapshot: CheckSnapshot, connection: CheckConnection, at: number): void;
  /** The last check of each profile whose connection is still the one checked. */
  lastChecks(profiles: readonly StoredProfile[]): Record<string, CheckSnapshot>;
}

export function createCheckRepo(db: Database.Database): CheckRepo {
  const upsert = db.prepare(`
    INSERT INTO backend_checks (profile_id, checked_at, connection, result)
    VALUES (@profileId, @at, @connection, @result)
    ON CONFLICT(profile_id) DO UPDATE SET
      checked_at = excluded.checked_at, connection = excluded.connection, result = excluded.result`);
  const all = db.prepare<[], { profile_id: string; connection: string; result: string }>(
    'SELECT profile_id, connection, result FROM backend_checks',
  );
  return {
    save(snapshot, connection, at) {
      upsert.run({
        profileId: snapshot.profileId,
        at,
        connection: JSON.stringify(connectionColumn.parse(connection)),
        result: JSON.stringify(snapshot),
      });
    },
    lastChecks(profiles) {
      const current = new Map(profiles.map((p) => [p.id, JSON.stringify(connectionOf(p))]));
      const out: Record<string, CheckSnapshot> = {};
      for (const row of all.all()) {
        const where = `backend_checks of ${row.profile_id}`;
        const connection = parseColumn(connectionColumn, row.connection, where);
        if (current.get(row.profile_id) !== JSON.stringify(connection)) continue;
        out[row.profile_id] = parseColumn(checkSnapshotSchema, row.result, where);
      }
      return out;
    },
  };
}
