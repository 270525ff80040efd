// Which process a pid is on this machine. A pid alone does not say: a killed process that nobody
// reaps (a container without an init) is a zombie that still answers `kill(pid, 0)`, and after a
// reboot or a wrap-around the pid belongs to someone else. Linux tells both apart in
// /proc/PID/stat: the state (Z, X: dead) and the start time in clock ticks since boot, which with
// the boot's id names one process for good. Elsewhere only the pid is known.
import fs from 'node:fs';

/** What this machine says about process `pid`. */
export interface ProcessState {
  /** False when no process has the pid, or it has ended (a zombie). */
  alive: boolean;
  /** "BOOT_ID:START_TICKS" where the platform gives them (Linux), else undefined. */
  start?: string;
}

let bootId: string | undefined | null = null;

function currentBootId(): string | undefined {
  if (bootId === null) {
    try {
      bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = undefined;
    }
  }
  return bootId;
}

/**
 * Reads `/proc/PID/stat` (Linux); undefined where there is no such file system, so the caller
 * falls back to `kill(pid, 0)`. A missing entry is a process that is gone.
 */
function procStat(pid: number): ProcessState | undefined {
  if (process.platform !== 'linux' || currentBootId() === undefined) return undefined;
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { alive: false } : undefined;
  }
  // "PID (COMM) STATE PPID ...": COMM may hold spaces and parentheses, so read after the last ")".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '';
  const ticks = fields[19]; // field 22 of proc(5), starttime
  const start = ticks === undefined ? undefined : `${currentBootId()}:${ticks}`;
  return { alive: state !== 'Z' && state !== 'X' && state !== 'x', ...(start ? { start } : {}) };
}

/** Whether process `pid` exists on this machine: EPERM is someone else's live process. */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The state of process `pid`: from /proc where there is one, else whether the pid exists. */
export function processState(pid: number): ProcessState {
  return procStat(pid) ?? { alive: pidExists(pid) };
}

/**
 * Whether process `pid` is alive and, when `start` was recorded with it and this machine can
 * tell, still the same process.
 */
export function sameProcessAlive(pid: number, start: string | undefined): boolean {
  const now = processState(pid);
  if (!now.alive) return false;
  return start === undefined || now.start === undefined || now.start === start;
}
