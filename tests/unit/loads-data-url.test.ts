/**
 * Cargas de datos reads the upload form's file, a data URL as @rjsf's file widget writes it (the
 * name in a `name=` parameter), back into its name and text: UTF-8 when the bytes are UTF-8,
 * Latin-1 byte for byte otherwise, so a planning system's accented station names survive.
 */
import { describe, expect, it } from "vitest";
import { decodeText } from "../../src/domain/reading";
import { decodeDataUrl } from "../../src/custom-views/loads/dataUrl";

/** What FileReader.readAsDataURL gives, plus the name rjsf adds (URI-encoded). */
const dataUrl = (bytes: Uint8Array, name: string, type = "application/octet-stream") =>
  `data:${type};name=${encodeURIComponent(name)};base64,${Buffer.from(bytes).toString("base64")}`;

describe("decodeDataUrl", () => {
  it("reads UTF-8 text and the file's name, even one with spaces and accents", () => {
    const text = "3 VB  9000101J01DEC26 MEX\r\nSan José del Cabo\n";
    const decoded = decodeDataUrl(dataUrl(new TextEncoder().encode(text), "itinerario invierno ñ.ssim", "text/plain"));
    expect(decoded).toEqual({ name: "itinerario invierno ñ.ssim", text });
  });

  it("reads bytes that are not UTF-8 as Latin-1, keeping every character", () => {
    // "Mérida;Cancún" in ISO-8859-1: é = 0xE9, ú = 0xFA, invalid as UTF-8.
    const latin1 = Uint8Array.from([0x4d, 0xe9, 0x72, 0x69, 0x64, 0x61, 0x3b, 0x43, 0x61, 0x6e, 0x63, 0xfa, 0x6e]);
    expect(decodeDataUrl(dataUrl(latin1, "vuelos.csv"))?.text).toBe("Mérida;Cancún");
    expect(decodeText(latin1)).toBe("Mérida;Cancún");
  });

  it("reads a Windows-written file (CRLF, Windows-1252's dash and euro) one character per byte, so fixed columns stay put", () => {
    // "VB 0123 – 9€\r\n" as Notepad on a Spanish Windows saves it, and a byte 1252 leaves undefined (0x81).
    const line = Uint8Array.from([0x56, 0x42, 0x20, 0x30, 0x31, 0x32, 0x33, 0x20, 0x96, 0x20, 0x39, 0x80, 0x81, 0x0d, 0x0a]);
    const text = decodeText(line);
    expect(text.length).toBe(line.length);
    expect(text.slice(0, 12)).toBe("VB 0123 – 9€");
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("drops a UTF-8 byte-order mark", () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("flight_number;date")]);
    expect(decodeDataUrl(dataUrl(bytes, "vuelos.csv"))?.text).toBe("flight_number;date");
  });

  it("reads a large Latin-1 file whole", () => {
    const bytes = new Uint8Array(100_000).fill(0xe1);
    const text = decodeDataUrl(dataUrl(bytes, "grande.ssim"))?.text ?? "";
    expect(text.length).toBe(100_000);
    expect(text[99_999]).toBe("á");
  });

  it("has no name when the data URL carries none, and reads an empty file as empty text", () => {
    expect(decodeDataUrl(`data:text/plain;base64,${Buffer.from("hola").toString("base64")}`)).toEqual({ name: null, text: "hola" });
    // readAsDataURL of an empty file: no payload, so rjsf adds no name either.
    expect(decodeDataUrl("data:")).toEqual({ name: null, text: "" });
  });

  it("refuses what is not a data URL or whose base64 is broken", () => {
    expect(decodeDataUrl("C:\\itinerario.ssim")).toBeNull();
    expect(decodeDataUrl("data:text/plain;name=a.ssim;base64,%%%")).toBeNull();
  });
});
