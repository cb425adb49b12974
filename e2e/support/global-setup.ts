import fs from "node:fs";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import { spawnServer } from "../../test/process.ts";
import { startSmtpCatcher } from "../../test/smtp-catcher.ts";
import { E2E } from "./env.ts";

/**
 * Starts, on loopback only: a real SMTP catcher (each mail written to e2e/.run/mail), an OIDC stand-in for
 * Google, and the production build of the app on a fresh embedded PostgreSQL.
 */
export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, "../..");
  if (!fs.existsSync(path.join(root, "dist/web/index.html")) || !fs.existsSync(path.join(root, "dist/server/main.js"))) {
    throw new Error("The web app is not built: run `npm run build` first (npm test does).");
  }
  fs.rmSync(E2E.runDir, { recursive: true, force: true });
  fs.mkdirSync(E2E.mailDir, { recursive: true });
  fs.chmodSync(E2E.runDir, 0o755);

  let count = 0;
  const smtp = await startSmtpCatcher(E2E.smtpPort, (mail) => {
    fs.writeFileSync(path.join(E2E.mailDir, `${String(++count).padStart(4, "0")}.json`), JSON.stringify(mail));
  });

  const idp = new OAuth2Server();
  await idp.issuer.keys.generate("RS256");
  await idp.start(E2E.idpPort, "127.0.0.1");
  // Each Google sign-in is a new Google account (tests run in parallel): the authorization code picks the
  // profile, the tokens carry it, and userinfo answers from the access token.
  let accounts = 0;
  const profileByCode = new Map<string, Record<string, unknown>>();
  idp.service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }) => {
    const code = url.searchParams.get("code");
    const n = ++accounts;
    if (code)
      profileByCode.set(code, {
        sub: `${E2E.google.sub}-${n}`,
        email: E2E.google.email.replace("@", `+${n}@`),
        email_verified: true,
        name: E2E.google.name,
      });
  });
  idp.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
    const profile = profileByCode.get(req.body?.code ?? "");
    if (profile) Object.assign(token.payload, profile);
  });
  idp.service.on("beforeUserinfo", (res: { body: unknown }, req: { headers: Record<string, string | undefined> }) => {
    const jwt = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString() || "{}") as Record<string, unknown>;
    res.body = { sub: claims.sub, email: claims.email, email_verified: true, name: claims.name };
  });

  const app = spawnServer(
    {
      PORT: String(E2E.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: E2E.baseUrl,
      DATA_DIR: path.join(E2E.runDir, "data"),
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: "dosetime-e2e",
      GOOGLE_CLIENT_SECRET: "dosetime-e2e-secret",
      GOOGLE_DISCOVERY_URL: `${idp.issuer.url}/.well-known/openid-configuration`,
      // Each test's browser context sends its own X-Forwarded-For, so the real rate limits apply per test.
      TRUST_PROXY: "on",
    },
    { built: true },
  );
  await app.ready(60_000);

  return async () => {
    app.child.kill("SIGTERM");
    await app.exited;
    await idp.stop();
    await smtp.close();
  };
}
