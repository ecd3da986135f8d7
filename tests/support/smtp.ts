/**
 * A real SMTP server for tests (smtp-server on a free local port). It keeps every message it
 * receives, decoded enough for a test to read: addresses, subject, the plain-text body and the
 * attached files (a multipart message as nodemailer writes one).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  attachments: ReceivedAttachment[];
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

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, " ");
  const body = split < 0 ? "" : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBytes(body: string, encoding: string): Buffer {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(body), "utf8");
  return Buffer.from(body, "utf8");
}

const param = (header: string, name: string): string | undefined =>
  new RegExp(`${name}="?([^";]+)"?`, "i").exec(header)?.[1];

/** Parses a message as nodemailer writes it: plain text, or multipart with attached files. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers, body } = splitHead(raw);
  const attachments: ReceivedAttachment[] = [];
  let text = "";
  const collect = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders["content-type"] ?? "text/plain";
    const boundary = param(type, "boundary");
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      const pieces = partBody.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith("--")) break;
        const inner = splitHead(piece.replace(/^\r\n/, ""));
        collect(inner.headers, inner.body.replace(/\r\n$/, ""));
      }
      return;
    }
    const encoding = (partHeaders["content-transfer-encoding"] ?? "7bit").toLowerCase();
    const disposition = partHeaders["content-disposition"] ?? "";
    const filename = param(disposition, "filename") ?? param(type, "name");
    if (filename) {
      attachments.push({ filename, contentType: type.split(";")[0] ?? type, content: decodeBytes(partBody, encoding) });
    } else if (text === "") {
      text = decodeBytes(partBody, encoding).toString("utf8");
    }
  };
  collect(headers, body);
  return {
    ...envelope,
    headers,
    subject: headers.subject ?? "",
    text: text.replace(/\r\n/g, "\n").replace(/\n$/, ""),
    attachments,
  };
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Refuses a recipient with this SMTP answer (`550 …`) when it answers one. */
  refuseRecipient?: (address: string) => string | null;
}

export async function startSmtpServer(
  onMail?: (mail: ReceivedMail) => void,
  options: SmtpServerOptions = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address) ?? null;
      if (refusal === null) {
        callback();
        return;
      }
      const error: Error & { responseCode?: number } = new Error(refusal.replace(/^\d{3}\s*/, ""));
      error.responseCode = Number.parseInt(refusal, 10) || 550;
      callback(error);
    },
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
