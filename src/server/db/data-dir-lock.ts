import fs from "node:fs";
import path from "node:path";
import { isProcessAlive } from "./process-alive.ts";

export class DataDirLockedError extends Error {}

/**
 * Takes DATA_DIR/dosetime.lock for this process, so that a second app on the same DATA_DIR refuses to start.
 * A lock left by a process that no longer runs (kill -9) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "dosetime.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o644 });
      return () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
      throw new DataDirLockedError(
        `Another Dosetime server (pid ${owner}) is already using DATA_DIR ${dataDir}. ` +
          `Stop it first, or start this one with a different DATA_DIR.`,
      );
    }
    // NOTE: the owner is gone (crash or kill -9); remove its lock and try again.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock ${file}; another process keeps creating it.`);
}
