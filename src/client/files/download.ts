/** Saving a downloaded file in the browser, named as the server's Content-Disposition says. */

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 6266/5987) first,
 * then `filename="…"` or `filename=…`; null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, "$1");
  const plain = /filename\s*=\s*([^;\s]+)/.exec(header);
  return plain?.[1] ?? null;
}

/** Offers `blob` to the user as a file called `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Offers a downloaded answer's `blob` under the name its Content-Disposition gives, else `fallback`. */
export function saveDownload(blob: Blob, response: Response, fallback: string): void {
  saveBlob(blob, fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? fallback);
}
