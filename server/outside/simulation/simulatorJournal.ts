import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * What a simulator remembers across restarts, as the real host would: an append-only file of JSON
 * lines, replayed in order at start. `null` keeps everything in memory (tests).
 */
export interface SimulatorJournal<Entry> {
  /** Every entry written so far, oldest first. */
  replay(): Entry[];
  append(entry: Entry): void;
}

export function openSimulatorJournal<Entry>(path: string | null): SimulatorJournal<Entry> {
  if (path === null) {
    const entries: Entry[] = [];
    return { replay: () => [...entries], append: (entry) => void entries.push(entry) };
  }
  mkdirSync(dirname(path), { recursive: true });
  return {
    replay() {
      if (!existsSync(path)) return [];
      return readFileSync(path, "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Entry];
          } catch {
            return []; // a line cut short by a crash: the rest is still good
          }
        });
    },
    append(entry) {
      appendFileSync(path, `${JSON.stringify(entry)}\n`);
    },
  };
}
