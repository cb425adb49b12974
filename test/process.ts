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
 * `npm start` runs (`built`, after `npm run build`).
 */
export function spawnServer(env: Record<string, string>, opts: { built?: boolean } = {}) {
  const args = opts.built ? ["dist/server/main.js"] : ["--import", "tsx", "src/server/main.ts"];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
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
