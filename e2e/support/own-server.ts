import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../test/harness.ts";
import { spawnServer } from "../../test/process.ts";
import { E2E } from "./env.ts";

/** A server of the test's own (its own port and DATA_DIR), which the test may stop and start again. */
export type OwnServer = {
  base: string;
  stop: () => Promise<void>;
  /** Starts it again on the same port and data; `root`: from another copy of the project (a new version). */
  start: (root?: string) => Promise<void>;
};

export async function startOwnServer(): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(E2E.runDir, "own-server-"));
  fs.chmodSync(dataDir, 0o755);
  const serverEnv = (port: number) => {
    const base = `http://localhost:${port}`;
    return { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base, DATA_DIR: dataDir, TRUST_PROXY: "on" };
  };
  let env = serverEnv(await freePort());
  let server = spawnServer(env, { built: true });
  try {
    await server.ready(60_000);
  } catch (e) {
    // Some other process on the machine took the port first; no page knows this one yet, so take another.
    if (!/EADDRINUSE/.test(String(e))) throw e;
    env = serverEnv(await freePort());
    server = spawnServer(env, { built: true });
    await server.ready(60_000);
  }
  const base = env.PUBLIC_URL;
  return {
    base,
    async stop() {
      server.child.kill("SIGTERM");
      await server.exited;
    },
    async start(root?: string) {
      server = spawnServer(env, { built: true, root });
      await server.ready(60_000);
    },
  };
}

/**
 * While the server is stopped, Chromium logs each request that fails and the live-event stream the stop cut off:
 * expected then, and nothing else may be.
 */
export function allowUnreachable(consoleErrors: string[]) {
  const rest = consoleErrors.filter((e) => !/net::ERR_(CONNECTION_REFUSED|FAILED|INCOMPLETE_CHUNKED_ENCODING)/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}
