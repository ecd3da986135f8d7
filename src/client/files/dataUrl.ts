/**
 * A chosen file as a generated form holds it: a data URL (the contract's `format: data-url`, its
 * size limit a `maxLength`), with the file's name in a `name=` parameter as @rjsf's own file
 * widget writes it; and back to a File for an operation whose request is multipart.
 */

/** Media types a browser may leave empty, guessed from the name so the contract's pattern can check them. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = { pdf: "application/pdf", txt: "text/plain", csv: "text/csv" };

const typeOf = (file: File): string => {
  if (file.type !== "") return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  return TYPES_BY_EXTENSION[extension] ?? "application/octet-stream";
};

/** The file's bytes in base64 (chunks keep String.fromCharCode's argument list short). */
const base64Of = (bytes: Uint8Array): string => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(binary);
};

/** `data:<type>;name=<name>;base64,<bytes>`. */
export async function fileToDataUrl(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return `data:${typeOf(file)};name=${encodeURIComponent(file.name)};base64,${base64Of(bytes)}`;
}

/** The file's name written in a data URL; null without one. */
export function dataUrlName(dataUrl: string): string | null {
  const header = /^data:([^,]*),/.exec(dataUrl)?.[1] ?? "";
  const parameter = header.split(";").find((part) => part.startsWith("name="));
  if (!parameter) return null;
  const raw = parameter.slice("name=".length);
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return raw || null;
  }
}

/** The data URL as a File (its name and type kept); null when it is not a base64 data URL. */
export function dataUrlToFile(dataUrl: string): File | null {
  const match = /^data:([^,]*);base64,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const type = (match[1] ?? "").split(";")[0] ?? "";
  let binary: string;
  try {
    binary = atob(match[2] ?? "");
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], dataUrlName(dataUrl) ?? "archivo", { type });
}
