/**
 * The text of a file from outside: UTF-8 when its bytes are valid UTF-8 (a byte-order mark
 * dropped), else Windows-1252, the "Latin-1" that Windows tools and coordinators' mail write.
 * One byte is one character there, so SSIM's fixed columns stay put and nothing becomes U+FFFD.
 * Shared by every server upload (feed folder, reference files, logbook files) and the browser's
 * data-load form.
 */

// TextDecoder is a web-platform global that both runtimes have (browsers, Node); ES2023's lib
// (src/domain's) does not name it, so this module declares the little it uses.
declare const TextDecoder: new (label: string, options?: { fatal?: boolean }) => { decode(bytes: Uint8Array): string };

export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
