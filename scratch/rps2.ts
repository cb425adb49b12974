import autocannon from "autocannon";
import { Client } from "../test/harness.ts";
const base = process.argv[2]!;
const c = new Client(base);
await c.json("POST", "/api/auth/sign-up/email", { name: "R P", email: `rps${Date.now()}@x.test`, password: "secret-12" });
const res = await autocannon({ url: base + "/api/config", connections: 10, duration: 5, headers: { cookie: c.cookieHeader() } });
console.log(Math.round(res.requests.average));
