/**
 * A real SMTP server for tests (smtp-server on a free local port). It keeps every message it
 * receives, decoded enough for a test to read: addresses, subject and the plain-text body.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `?B?`) in a header value. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_all, _charset: string, kind: string, text: string) => {
    if (kind.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
    const bytes = text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  });
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Parses a single-part message as nodemailer writes a plain-text e-mail. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { ...envelope, headers, subject: headers.subject ?? "", text: text.replace(/\r\n/g, "\n").replace(/\n$/, "") };
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(onMail?: (mail: ReceivedMail) => void): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), { from, to });
        received.push(mail);
        onMail?.(mail);
        for (const waiter of waiters.filter((w) => w.match(mail))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor(match, timeoutMs = 5000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no matching e-mail arrived")), timeoutMs);
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The set-password link in an account e-mail. */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/auth\/set-password\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no set-password link in:\n${mail.text}`);
  return link;
}
