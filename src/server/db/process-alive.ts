import fs from "node:fs";

/** Whether a process runs. On Linux a zombie (killed, not yet reaped) does not count. */
export function isProcessAlive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    if (/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))) return false;
  } catch {
    // no /proc here, or no such process: ask the kernel below
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
