import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { BackendTestRecord } from '../../../shared/api.ts';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../shared/model.ts';
import {
  parseColumn,
  profileColumn,
  settingsColumn,
  testRecordsColumn,
  type StoredProfile,
} from './columns.ts';
import { DEFAULT_COST_CONFIRM_ABOVE } from '../../../shared/run-estimate.ts';
import type { SpeedSums } from '../agent/speed.ts';
import { GROWTH_STEPS, type GrowthCurve } from '../../../shared/memory-growth.ts';
import { writeTransaction } from './write-transaction.ts';

const ACTIVE_PROFILE = 'activeProfileId';
const DEFAULTS = 'defaults';
const TESTS = 'connectionTests';
const COST_LIMIT = 'costConfirmAbove';
const SPEED = 'speed';
const GROWTH = 'growth';

const speedSumsColumn = z.object({
  pp: z.number(),
  pc: z.number(),
  cc: z.number(),
  pm: z.number(),
  cm: z.number(),
});

const growthColumn = z.array(z.number().min(0).max(1)).length(GROWTH_STEPS);

/** Backend profiles (without keys), the active profile and the default run settings. */
export interface SettingsRepo {
  profiles(): StoredProfile[];
  profile(id: string): StoredProfile | undefined;
  /** Inserts a new profile at the end of the list or replaces one with the same id in place. */
  saveProfile(profile: StoredProfile): void;
  deleteProfile(id: string): boolean;
  activeProfileId(): string | null;
  setActiveProfileId(id: string | null): void;
  defaults(): RunSettings;
  setDefaults(defaults: RunSettings): void;
  /** The last connection test of each profile that has one. */
  lastTests(): Record<string, BackendTestRecord>;
  /** Keeps `record` as the profile's last test; undefined forgets it. */
  setLastTest(id: string, record: BackendTestRecord | undefined): void;
  /** The cost above which the app asks before a run starts. */
  costConfirmAbove(): number;
  setCostConfirmAbove(amount: number): void;
  /** Timing sums of finished runs per profile and model (agent/speed.ts). */
  speedSums(profileId: string, model: string): SpeedSums | undefined;
  setSpeedSums(profileId: string, model: string, sums: SpeedSums): void;
  /** The models with a measured speed under `profileId`, in name order. */
  speedModels(profileId: string): string[];
  /** How the memories of finished runs grew, per profile and model (shared/memory-growth.ts). */
  growthCurve(profileId: string, model: string): GrowthCurve | undefined;
  setGrowthCurve(profileId: string, model: string, curve: GrowthCurve): void;
}

export function createSettingsRepo(db: Database.Database): SettingsRepo {
  const all = db.prepare<[], { id: string; data: string }>(
    'SELECT id, data FROM profiles ORDER BY position, id',
  );
  const one = db.prepare<[string], { id: string; data: string }>(
    'SELECT id, data FROM profiles WHERE id = ?',
  );
  const upsert = db.prepare(`
    INSERT INTO profiles (id, position, data)
    VALUES (@id, (SELECT COALESCE(MAX(position), -1) + 1 FROM profiles), @data)
    ON CONFLICT(id) DO UPDATE SET data = excluded.data`);
  const remove = db.prepare('DELETE FROM profiles WHERE id = ?');
  const getValue = db.prepare<[string], { value: string }>(
    'SELECT value FROM settings WHERE key = ?',
  );
  const setValue = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const deleteValue = db.prepare('DELETE FROM settings WHERE key = ?');
  const keysFrom = db.prepare<[string, string], { key: string }>(
    'SELECT key FROM settings WHERE key >= ? AND key < ? ORDER BY key',
  );

  const read = <S extends z.ZodType>(key: string, schema: S): z.output<S> | undefined => {
    const row = getValue.get(key);
    return row ? parseColumn(schema, row.value, `settings.${key}`) : undefined;
  };

  const repo: SettingsRepo = {
    profiles() {
      return all
        .all()
        .map((row) => parseColumn(profileColumn, row.data, `profiles.data of ${row.id}`));
    },
    profile(id) {
      const row = one.get(id);
      return row && parseColumn(profileColumn, row.data, `profiles.data of ${row.id}`);
    },
    saveProfile(profile) {
      upsert.run({ id: profile.id, data: JSON.stringify(profileColumn.parse(profile)) });
    },
    deleteProfile(id) {
      return writeTransaction(db, () => {
        const removed = remove.run(id).changes > 0;
        if (read(ACTIVE_PROFILE, z.string()) === id) deleteValue.run(ACTIVE_PROFILE);
        repo.setLastTest(id, undefined);
        return removed;
      })();
    },
    activeProfileId() {
      return read(ACTIVE_PROFILE, z.string()) ?? null;
    },
    setActiveProfileId(id) {
      if (id === null) deleteValue.run(ACTIVE_PROFILE);
      else setValue.run(ACTIVE_PROFILE, JSON.stringify(id));
    },
    defaults() {
      return read(DEFAULTS, settingsColumn) ?? { ...DEFAULT_RUN_SETTINGS };
    },
    setDefaults(defaults) {
      setValue.run(DEFAULTS, JSON.stringify(settingsColumn.parse(defaults)));
    },
    lastTests() {
      return read(TESTS, testRecordsColumn) ?? {};
    },
    setLastTest(id, record) {
      // One read-modify-write: another process's test result in between is not lost.
      writeTransaction(db, () => {
        const tests = repo.lastTests();
        if (record === undefined) delete tests[id];
        else tests[id] = record;
        setValue.run(TESTS, JSON.stringify(testRecordsColumn.parse(tests)));
      })();
    },
    costConfirmAbove() {
      return read(COST_LIMIT, z.number().nonnegative()) ?? DEFAULT_COST_CONFIRM_ABOVE;
    },
    setCostConfirmAbove(amount) {
      setValue.run(COST_LIMIT, JSON.stringify(amount));
    },
    speedSums(profileId, model) {
      return read(speedKey(profileId, model), speedSumsColumn);
    },
    setSpeedSums(profileId, model, sums) {
      setValue.run(speedKey(profileId, model), JSON.stringify(speedSumsColumn.parse(sums)));
    },
    speedModels(profileId) {
      // Keys of one owner sort together: its prefix up to the next character after the separator.
      const prefix = speedKey(profileId, '');
      return keysFrom
        .all(prefix, `${prefix.slice(0, -1)}\u0001`)
        .map((row) => row.key.slice(prefix.length));
    },
    growthCurve(profileId, model) {
      return read(growthKey(profileId, model), growthColumn);
    },
    setGrowthCurve(profileId, model, curve) {
      setValue.run(growthKey(profileId, model), JSON.stringify(growthColumn.parse(curve)));
    },
  };
  return repo;
}

const speedKey = (profileId: string, model: string) => `${SPEED}\u0000${profileId}\u0000${model}`;
const growthKey = (profileId: string, model: string) => `${GROWTH}\u0000${profileId}\u0000${model}`;
