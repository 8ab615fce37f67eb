import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { resolve } from "node:path";

export class DataDirBusyError extends Error {}

/** Lock files this process holds: a second opening in the same process is refused too. */
const heldHere = new Set<string>();

const busy = (folder: string, lockFile: string, pid: number) =>
  new DataDirBusyError(
    `DATA_DIR ${folder} is in use by another OjaPay process (pid ${pid}). Stop it first, or give this one ` +
      `its own DATA_DIR. If no such process is running, delete ${lockFile}.`,
  );

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // it exists, under another user
  }
}

/**
 * One process at a time on an embedded database: PGlite has no server to arbitrate between two writers,
 * and two would lose each other's commits. The lock is a file beside the folder (`<DATA_DIR>.lock`)
 * created exclusively with our process id; a lock whose process has died (a crash, `kill -9`) is taken
 * over. Answers how to let go of it.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  const folder = resolve(dataDir);
  const lockFile = `${folder.replace(/[\\/]+$/, "")}.lock`;
  if (heldHere.has(lockFile)) throw busy(folder, lockFile, process.pid);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0)
        throw lockError(error, folder, lockFile);
      const holder = Number(readFileSync(lockFile, "utf8").trim());
      // Our own id in a lock we do not hold is an earlier life of this process id (a container
      // restarted after a crash runs as the same pid): stale, like a dead one.
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw busy(folder, lockFile, holder);
      }
      rmSync(lockFile, { force: true }); // left by a process that is gone: take it over
    }
  }
  heldHere.add(lockFile);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(lockFile);
    process.off("exit", release);
    rmSync(lockFile, { force: true });
  };
  process.on("exit", release);
  return { release };
}

function lockError(error: unknown, folder: string, lockFile: string): Error {
  if (error instanceof DataDirBusyError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EEXIST") {
    return new DataDirBusyError(`DATA_DIR ${folder} was just taken by another OjaPay process (${lockFile}).`);
  }
  return new Error(`could not lock DATA_DIR ${folder} (${lockFile}): ${code ?? String(error)}`);
}
