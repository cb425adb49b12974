import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CaughtMail = { to: string[]; subject: string; text: string };

/** Undoes quoted-printable soft breaks and escapes, enough to read links out of a message. */
export function decodeMail(raw: string): CaughtMail {
  const [head = "", ...bodyParts] = raw.split(/\r?\n\r?\n/);
  const body = bodyParts.join("\n\n");
  const text = /quoted-printable/i.test(raw)
    ? Buffer.from(
        body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("utf8")
    : body;
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
  const to = (/^To: (.*)$/im.exec(head)?.[1] ?? "").split(",").map((s) => s.trim().replace(/^.*<|>$/g, ""));
  return { to, subject, text };
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; with `delayMs`, as a slow relay, it takes that long to accept a message. */
export async function startSmtpCatcher(port = 0, onMail?: (mail: CaughtMail) => void, opts: { delayMs?: number } = {}) {
  const inbox: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("latin1")));
      stream.on("end", async () => {
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        const mail = decodeMail(raw);
        inbox.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    inbox,
    /** Waits for the newest message to `to`. */
    async waitFor(to: string, timeoutMs = 10_000): Promise<CaughtMail> {
      const start = Date.now();
      for (;;) {
        const mail = inbox.findLast((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
