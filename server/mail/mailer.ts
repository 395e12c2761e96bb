// Outgoing mail (ARCHITECTURE "mail"): nodemailer. Without SMTP_URL every message is written
// as an .eml file to the outbox folder (DATA_DIR/mail), where a person can open it and tests
// can read it; with SMTP_URL it goes to that server.
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A fixed Message-ID (the outbox's), so a message sent twice is recognisable as one. */
  messageId?: string;
  /** Further header fields (a newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Where replies go (a contact form's mail to customer service: the sender). */
  replyTo?: string;
  /** Files sent with the message, read from disk when it is sent (a contact form's image). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** The file on this machine. */
  path: string;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** Outbox folder for the file transport. */
  outbox: string;
  smtpUrl?: string;
  from?: string;
}

export function createMailer({ outbox, smtpUrl, from = "Kauppa <noreply@kauppa.example>" }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Bounded waits (nodemailer's defaults are minutes): a silent mail server delays a message,
    // which the outbox retries, and never holds a shutdown for long.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^A-Za-z0-9]/g, "").slice(0, 24)}.eml`;
      await fs.writeFile(path.join(outbox, name), info.message as Buffer);
    },
  };
}
