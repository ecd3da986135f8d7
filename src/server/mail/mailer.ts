/**
 * Outgoing e-mail. Every message is written to the `outbox` table inside the caller's
 * transaction. With `SMTP_URL` it is then delivered at once, still inside that transaction: if
 * the SMTP server refuses it, the caller's whole action rolls back and the person sees why, so
 * nothing claims to have been sent that was not. Without `SMTP_URL` the message is kept in the
 * outbox, where an Admin can read it.
 */
import type { Transporter } from "nodemailer";
import type { Database } from "../db/client";
import { outbox } from "../db/schema";
import { HttpError } from "../http/errors";

export interface OutgoingMail {
  /** Why it is written: invitation, password_reset, scr_request… (shown in the outbox). */
  purpose: string;
  to: string[];
  cc?: string[];
  subject: string;
  /** Plain text: SCR messages must reach the coordinator exactly as written. */
  text: string;
  /** Files to attach (a report's .xlsx); the outbox keeps their names, not their bytes. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface SentMail {
  id: number;
  status: "sent" | "kept";
  /** The SMTP server's answer to the message (`250 …`); null when it stays in the outbox. */
  response: string | null;
}

export class Mailer {
  /** nodemailer is loaded on the first message, not at every start (it is only used with SMTP). */
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly smtpUrl: string | undefined,
    private readonly from: string,
    private readonly now: () => Date,
  ) {}

  /** True when messages leave the building; false when they stay in the outbox. */
  get delivers(): boolean {
    return this.smtpUrl !== undefined;
  }

  private smtp(url: string): Promise<Transporter> {
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
    return this.transport;
  }

  /** Writes (and, with SMTP, delivers) one message; `db` is the caller's transaction. */
  async send(db: Database, mail: OutgoingMail): Promise<SentMail> {
    const cc = mail.cc ?? [];
    const attachments = mail.attachments ?? [];
    let response: string | null = null;
    if (this.smtpUrl !== undefined) {
      try {
        const transport = await this.smtp(this.smtpUrl);
        const info: { response?: unknown } = await transport.sendMail({
          from: this.from,
          to: mail.to,
          cc,
          subject: mail.subject,
          text: mail.text,
          attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        });
        response = typeof info.response === "string" ? info.response : null;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpError(502, `No se pudo enviar el correo a ${mail.to.join(", ")}: ${reason}. No se guardó ningún cambio.`);
      }
    }
    const status = this.delivers ? "sent" : "kept";
    const [row] = await db
      .insert(outbox)
      .values({
        purpose: mail.purpose,
        to: mail.to,
        cc,
        subject: mail.subject,
        text: mail.text,
        attachments: attachments.map((a) => a.filename),
        status,
        sentAt: this.delivers ? this.now() : null,
        createdAt: this.now(),
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error("outbox insert returned no row");
    return { id: row.id, status, response };
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}
