import autocannon from "autocannon";
import { Client } from "../test/harness.ts";
const base = process.argv[2]!;
const c = new Client(base);
const r = await c.json<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", { name: "R P", email: `rps${Date.now()}@x.test`, password: "secret-12", timeZone: "America/New_York" });
for (let i = 0; i < 50; i++) await c.post(`/api/accounts/${r.body.user.id}/pill-logs`, { timestamp: new Date(Date.now() - i * 3600_000).toISOString() });
const res = await autocannon({ url: `${base}/api/accounts/${r.body.user.id}/pill-logs?date=2026-11-21`, connections: 50, duration: 8, headers: { cookie: c.cookieHeader() } });
console.log(Math.round(res.requests.average), res.latency.p99);
