import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startSmtpCatcher } from "../../test/smtp-catcher.ts";
import { createLogger } from "./log.ts";
import { createMailer } from "./mail.ts";

const mail = {
  to: "pat@example.test",
  subject: "Reset your Dosetime password",
  text: "Open https://dose.example/__/auth/action?mode=resetPassword&oobCode=abc within an hour.",
};

afterEach(() => vi.restoreAllMocks());

describe("mail", () => {
  it("without SMTP_URL, writes each message to DATA_DIR/outbox and prints its links", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dosetime-mail-"));
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(line) });
    await createMailer({ from: "Dosetime <no-reply@dose.example>", dataDir, logger }).send(mail);
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    expect(eml).toContain("Subject: Reset your Dosetime password");
    expect(eml).toContain("To: pat@example.test");
    expect((JSON.parse(lines[0]!) as { msg: string }).msg).toContain("link: https://dose.example/__/auth/action?mode=resetPassword&oobCode=abc");
    fs.rmSync(dataDir, { recursive: true });
  });

  it("with SMTP_URL, sends through that server", async () => {
    const smtp = await startSmtpCatcher();
    await createMailer({ smtpUrl: smtp.url, from: "Dosetime <no-reply@dose.example>", dataDir: os.tmpdir(), logger: createLogger("silent") }).send(
      mail,
    );
    const got = await smtp.waitFor("pat@example.test");
    expect(got.subject).toBe("Reset your Dosetime password");
    expect(got.text).toContain("oobCode=abc");
    await smtp.close();
  });
});
