import fs from "node:fs";

export type ProcessState = "running" | "zombie" | "gone";

/**
 * What the kernel says of `pid`. A zombie (killed, not yet reaped) has released its memory, but still answers
 * kill(pid, 0): PostgreSQL's own lock-file check counts it as alive.
 */
export function processState(pid: number): ProcessState {
  if (!(pid > 0)) return "gone";
  try {
    if (/^\d+ \(.*\) [ZX]/s.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))) return "zombie";
  } catch {
    // no /proc here, or no such process: ask the kernel below
  }
  try {
    process.kill(pid, 0);
    return "running";
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM" ? "running" : "gone";
  }
}

/** Whether a process runs. On Linux a zombie (killed, not yet reaped) does not count. */
export function isProcessAlive(pid: number): boolean {
  return processState(pid) === "running";
}

/**
 * The running (not zombie) `postgres` processes whose working directory is `dir`, or undefined without /proc.
 * PostgreSQL's postmaster and every backend work in the data directory.
 */
export function postgresProcessesIn(dir: string): number[] | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return undefined;
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (fs.readlinkSync(`/proc/${pid}/cwd`) !== dir || !fs.readlinkSync(`/proc/${pid}/exe`).endsWith("/postgres")) continue;
      if (processState(pid) === "running") found.push(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
