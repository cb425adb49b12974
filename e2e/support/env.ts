import path from "node:path";

/** Fixed loopback ports and paths shared by the e2e global setup (main process) and the tests (workers). */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3210),
  get baseUrl() {
    return `http://localhost:${this.port}`;
  },
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2625),
  idpPort: Number(process.env.E2E_IDP_PORT ?? 9410),
  runDir: path.resolve(import.meta.dirname, "..", ".run"),
  get mailDir() {
    return path.join(this.runDir, "mail");
  },
  google: { sub: "google-sub-e2e", email: "grace.hopper@gmail.test", name: "Grace Brewster Hopper" },
};

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
