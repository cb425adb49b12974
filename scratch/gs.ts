import { createAuth } from "../src/server/auth.ts";
import { createDb } from "../src/server/db/client.ts";
import { loadConfig } from "../src/server/config.ts";
import fs from "node:fs";
const pw = fs.readFileSync("/tmp/dtr/pg-password", "utf8").trim();
const db = createDb(`postgresql://postgres:${pw}@localhost/postgres?host=/tmp/dtr/run`);
const config = loadConfig({ DATA_DIR: "/tmp/dtr", PORT: "3997" });
const auth = createAuth({ config, db, mailer: { send: async () => {} } });
const r = await auth.api.signUpEmail({ body: { email: `gs${Date.now()}@x.test`, password: "secret-12", name: "G S" }, returnHeaders: true });
const cookie = r.headers.get("set-cookie")!.split(";")[0]!;
const h = new Headers({ cookie });
for (let round = 0; round < 2; round++) {
  let t = performance.now();
  for (let i = 0; i < 300; i++) await auth.api.getSession({ headers: h });
  console.log("getSession avg ms", ((performance.now() - t) / 300).toFixed(2));
  t = performance.now();
  for (let i = 0; i < 300; i++) await db.$client.query("select 1");
  console.log("select 1 avg ms", ((performance.now() - t) / 300).toFixed(2));
}
const orig = db.$client.query.bind(db.$client);
let t0 = performance.now();
(db.$client as any).query = (...args: any[]) => { const t = performance.now(); const text = typeof args[0] === "string" ? args[0] : args[0]?.text; const p = orig(...args); (p as any).then?.(() => console.log((t - t0).toFixed(2), "->", (performance.now() - t0).toFixed(2), String(text).slice(0, 60))); return p; };
t0 = performance.now();
await auth.api.getSession({ headers: h });
console.log("total", (performance.now() - t0).toFixed(2));
process.exit(0);
