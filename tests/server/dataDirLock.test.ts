import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../../server/db/database";
import { lockDataDir } from "../../server/db/dataDirLock";

const parent = mkdtempSync(join(tmpdir(), "ojapay-lock-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("one process per DATA_DIR", () => {
  it("refuses a second opening of the same folder, naming the folder and the process, until the first closes", async () => {
    const dataDir = join(parent, "data");
    const first = await openPglite(dataDir);
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    await expect(openPglite(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another OjaPay process (pid ${process.pid}).`,
    );
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openPglite(dataDir);
    await again.close();
  });

  it("takes over a lock left by a process that died", () => {
    const dataDir = join(parent, "crashed");
    const gone = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]).stdout.toString();
    writeFileSync(`${dataDir}.lock`, gone);
    const lock = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it("takes over a lock bearing its own process id that it does not hold (a restarted container)", () => {
    const dataDir = join(parent, "restarted");
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    const lock = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(`is in use by another OjaPay process (pid ${process.pid})`);
    lock.release();
  });

  it("refuses a folder another live process holds", () => {
    const dataDir = join(parent, "other");
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(
      `DATA_DIR ${dataDir} is in use by another OjaPay process (pid ${process.ppid})`,
    );
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.ppid));
  });
});
