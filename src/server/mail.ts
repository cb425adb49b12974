import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "./log.ts";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Sends through SMTP_URL when it is set. Otherwise each message is written to DATA_DIR/outbox/*.eml and its
 * links are printed, so a self-hoster without a mail server can still reset a password.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      fs.mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`);
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      // NOTE: the link is in the message itself, so a self-hoster reading the log can copy it as it is.
      opts.logger.info({ to: mail.to, file }, `mail "${mail.subject}" to ${mail.to} written to ${file}${links.map((l) => ` link: ${l}`).join("")}`);
    },
  };
}
