import autocannon from "autocannon";
import { Client } from "../test/harness.ts";
const base = process.argv[2]!;
const c = new Client(base);
const r = await c.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", { name: "R P", email: `rps${Date.now()}@x.test`, password: "secret-12" });
const id = r.body.user.id;
for (const path of ["/healthz", "/api/config", "/api/session", `/api/accounts/${id}`, `/api/accounts/${id}/medications`, `/api/accounts/${id}/pill-logs?date=2026-11-21`]) {
  const res = await autocannon({ url: base + path, connections: 10, duration: 3, headers: { cookie: c.cookieHeader() } });
  console.log(path, Math.round(res.requests.average), "rps p99", res.latency.p99, "non2xx", res.non2xx);
}
