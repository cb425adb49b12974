import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "..");

const running = new Set<ChildProcess>();

/** Stops (SIGTERM, so the embedded PostgreSQL stops too) every server a test left running, e.g. after a failure. */
export async function stopAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
}

/**
 * Runs the server as a real process, as a self-hoster would: from the sources (tsx), or the bundle that
 * `npm start` runs (`built`, after `npm run build`). `root`: another copy of the project to run (a newer build).
 */
export function spawnServer(env: Record<string, string>, opts: { built?: boolean; detached?: boolean; wrapper?: string[]; root?: string } = {}) {
  const args = opts.built ? ["dist/server/main.js"] : ["--import", "tsx", "src/server/main.ts"];
  const [command, ...rest] = [...(opts.wrapper ?? []), process.execPath, ...args];
  const child: ChildProcess = spawn(command!, rest, {
    cwd: opts.root ?? repoRoot,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so a test can kill the whole group (the app and its PostgreSQL) as a power cut would.
    detached: opts.detached ?? false,
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async ready(timeoutMs = 30_000): Promise<void> {
      const start = Date.now();
      while (!output.includes("Dosetime is ready")) {
        if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
        if (Date.now() - start > timeoutMs) throw new Error(`server not ready in ${timeoutMs} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/**
 * A wrapper command for spawnServer: an init that never reaps orphans, as PID 1 of some containers. It is a child
 * subreaper (prctl), runs the server in its own process group, prints "server pid N", then "server exited N" when the
 * server ends, and stays (holding the zombies of the server's orphaned children) until it is killed.
 */
export const nonReapingInit = [
  "perl",
  "-MConfig",
  "-e",
  `$| = 1;
   my $prctl = $Config{archname} =~ /aarch64/ ? 167 : 157;
   syscall($prctl, 36, 1, 0, 0, 0) == 0 or die "prctl: $!";
   my $pid = fork // die "fork: $!";
   if (!$pid) { setpgrp(0, 0); exec @ARGV or die "exec: $!"; }
   print "server pid $pid\n";
   waitpid($pid, 0);
   print "server exited ", $? >> 8, "\n";
   sleep 1 while 1;`,
];
