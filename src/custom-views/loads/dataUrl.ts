/**
 * The upload form's file (a data URL, as @rjsf's file widget reads it, with the file's name in a
 * `name=` parameter) turned back into the file's name and text. Planning systems still write
 * Latin-1: bytes that are not valid UTF-8 are read as the server reads them (src/domain/reading's
 * `decodeText`), one character per byte, so nothing is lost or replaced by U+FFFD.
 */
import { decodeText } from "../../domain/reading";

export interface DecodedFile {
  name: string | null;
  text: string;
}

const DATA_URL = /^data:([^,]*)(?:,(.*))?$/s;

/** The data URL's bytes; null when it is not a data URL or its base64 is broken. */
function bytesOf(header: string, payload: string): Uint8Array | null {
  if (!header.split(";").includes("base64")) {
    try {
      return new TextEncoder().encode(decodeURIComponent(payload));
    } catch {
      return null;
    }
  }
  let binary: string;
  try {
    binary = atob(payload);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The file's name from the `name=` parameter (URI-encoded by rjsf); null when there is none. */
function nameOf(header: string): string | null {
  const parameter = header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("name="));
  if (!parameter) return null;
  const raw = parameter.slice("name=".length);
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return raw || null;
  }
}

/** The name and text of a data URL; null when it is not one. */
export function decodeDataUrl(dataUrl: string): DecodedFile | null {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return null;
  const header = match[1] ?? "";
  const bytes = bytesOf(header, match[2] ?? "");
  if (!bytes) return null;
  return { name: nameOf(header), text: decodeText(bytes) };
}
