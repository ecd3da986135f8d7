/**
 * The SSIM Chapter 6 reader as coordinators write (issue 22 item 2): every message type a
 * coordinator sends, and each shape it tolerates read with its warning (line, column, the line's
 * text), on fixtures written from the manual's descriptions (tests/fixtures/scr). What must still
 * be refused is refused as an error of that line only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildScr, pairReply, parseScr, type ScrMessage } from "../../src/domain/scr";
import { readScrList } from "../../src/domain/series/scrList";

const fixture = (name: string) => readFileSync(join(__dirname, "../fixtures/scr", name), "utf8");

const HEADER = "SCR\n/slots@airline.example\nW26\n21NOV\nMEX";
const message = (...body: string[]) => [HEADER, ...body].join("\n");

/** The problems as [line, column, severity, message]. */
const problemsOf = (read: ScrMessage) => read.problems.map((p) => [p.line, p.column, p.severity, p.message]);

const ASSUMED_DAYS = "Se asumió que la línea opera solo los días indicados dentro del periodo";

describe("the message types a coordinator sends", () => {
  it.each([
    ["sal.txt", "SAL", 3],
    ["shl.txt", "SHL", 2],
    ["sir.txt", "SIR", 2],
    ["sma.txt", "SMA", 1],
    ["coordinator-reply.scr", "SCR", 7],
  ] as const)("%s is read as %s, keeping the type in the header", (file, smi, lines) => {
    const read = parseScr(fixture(file));
    expect(read.header.smi).toBe(smi);
    expect(read.errors).toEqual([]);
    expect(read.lines).toHaveLength(lines);
  });

  it("reads a SIR's header with its reference and a refusal without seats and time", () => {
    const read = parseScr(fixture("sir.txt"));
    expect(read.header).toEqual({ smi: "SIR", creator: "MEXCOORD 9912", season: "W26", date: "02DEC", airport: "MEX", reyt: "VIVW26015" });
    expect(read.si).toEqual(["PLS ADVISE INTENDED OPERATION"]);
    expect(problemsOf(read)).toEqual([
      [8, 28, "aviso", "Línea de respuesta U sin asientos ni tipo de aeronave: se leyó sin ellos"],
      [8, 31, "aviso", "Línea de respuesta U sin hora de llegada: se leyó sin ella"],
    ]);
  });

  it("keeps the extra information of an SMA on the line after", () => {
    const [line] = parseScr(fixture("sma.txt")).lines;
    expect(line).toMatchObject({ action: "X", extra: "NOT OPERATED 80 PCT RULE", departure: { flight: "VB1103", time: "1445" } });
  });

  it("reads a SAL whose series start and end on days they do not operate, as the season start upload does", () => {
    const read = parseScr(fixture("sal.txt"));
    expect(problemsOf(read)).toEqual([
      [7, 9, "aviso", `${ASSUMED_DAYS}: la primera fecha (25OCT, domingo) no es un día de operación; la primera operación es el 27OCT`],
      [7, 14, "aviso", `${ASSUMED_DAYS}: la última fecha (27MAR, sábado) no es un día de operación; la última operación es el 23MAR`],
      [8, 10, "aviso", `${ASSUMED_DAYS}: la primera fecha (25OCT, domingo) no es un día de operación; la primera operación es el 28OCT`],
      [8, 15, "aviso", `${ASSUMED_DAYS}: la última fecha (27MAR, sábado) no es un día de operación; la última operación es el 24MAR`],
    ]);
    const list = readScrList(fixture("sal.txt"), "W26");
    expect(list?.problems).toEqual([]);
    expect(list?.series.map((s) => [s.arrivalFlight ?? s.departureFlight, s.days, s.status])).toEqual([
      ["VB1234", 0x7f, "ADD"],
      ["VB1102", 0b10, "ADD"],
      ["VB1103", 0b100, "D"],
    ]);
  });
});

describe("a coordinator's reply as written (CRLF, REYT, tabs, lower case, blank line)", () => {
  const text = fixture("coordinator-reply.scr");
  const read = parseScr(text);

  it("is CRLF text and reads every data line, with one warning per assumption", () => {
    expect(text).toContain("\r\n");
    expect(read.header).toMatchObject({ smi: "SCR", creator: "MEXCOORD 4471", reyt: "VIVW26012" });
    expect(read.errors).toEqual([]);
    expect(read.lines.map((l) => l.line)).toEqual([8, 9, 10, 12, 13, 14, 15]);
    expect(problemsOf(read)).toEqual([
      [9, 1, "aviso", "Se leyeron en mayúsculas los campos escritos en minúsculas"],
      [10, 28, "aviso", "Línea de respuesta U sin asientos ni tipo de aeronave: se leyó sin ellos"],
      [10, 31, "aviso", "Línea de respuesta U sin hora de llegada: se leyó sin ella"],
      [
        12,
        40,
        "aviso",
        "Hora de llegada 2400: se leyó como 0000 del día siguiente (13DEC, días 0000007); SSIM escribe las horas de 0000 a 2359",
      ],
      [
        13,
        45,
        "aviso",
        "Se ignoró el texto 'PLS CONFIRM BY 25NOV' después del tipo de servicio: no es un campo SSIM (la información adicional va entre '/', p. ej. / TEXTO /)",
      ],
      [15, 21, "aviso", "Línea de respuesta U sin días de operación: se leyó como todos los días del periodo 01DEC–31JAN"],
    ]);
    // Each problem carries its line as written, without the line end.
    expect(read.problems[0]?.text).toBe("k vb1235 05dec05dec 0000060 180320 0800mty j");
    expect(read.problems[3]?.text).toBe("KVIV1238\t12DEC12DEC\t0000060  180320 CUN2400 J");
  });

  it("reads the values behind the warnings", () => {
    const [, lower, refused, icao, offer, , noDays] = read.lines;
    expect(lower).toMatchObject({ action: "K", departure: { flight: "VB1235", time: "0800", destination: "MTY" }, service: "J" });
    expect(refused).toMatchObject({
      action: "U",
      arrival: { flight: "VB1240", origin: "MTY", time: null },
      seats: null,
      aircraft: null,
      extra: "NO SLOTS AVBL 0600-0800",
    });
    // ICAO three-letter airline: SSIM's xx(a), read as written without a warning.
    // 2400 is 0000 of the next day: Saturday 12DEC at 2400 is Sunday 13DEC at 0000.
    expect(icao).toMatchObject({ arrival: { flight: "VIV1238", origin: "CUN", time: "0000" }, from: "13DEC", to: "13DEC", days: "0000007", seats: 180, aircraft: "320" });
    expect(offer).toMatchObject({ action: "O", arrival: { time: "1015" }, extra: null });
    expect(noDays).toMatchObject({ action: "U", days: null, from: "01DEC", to: "31JAN", departure: { time: "0930" } });
  });

  it("pairs a refusal that left out its time with the request line it answers", () => {
    const request = parseScr(message("NVB1240 07DEC07DEC 1000000 180320 MTY0645 J", "N VB1244 01DEC31JAN 1234567 180320 0930GDL J"));
    expect(request.problems).toEqual([]);
    const pairing = pairReply(request.lines, read.lines.filter((l) => l.action === "U"));
    expect(pairing.items.map((item) => [item.outcome, item.reply.map((l) => l.line)])).toEqual([
      ["refused", [10]],
      ["refused", [15]],
    ]);
    expect(pairing.unanswered).toEqual([]);
  });
});

describe("tolerances one at a time", () => {
  it("a period whose first and last dates are not operating days (a coordinator's guide)", () => {
    const read = parseScr(fixture("guide-request.scr"));
    expect(read.errors).toEqual([]);
    expect(read.lines).toHaveLength(3);
    expect(problemsOf(read)).toEqual([
      [6, 9, "aviso", `${ASSUMED_DAYS}: la primera fecha (01DEC, martes) no es un día de operación; la primera operación es el 05DEC`],
      [6, 14, "aviso", `${ASSUMED_DAYS}: la última fecha (31JAN, domingo) no es un día de operación; la última operación es el 30JAN`],
      [7, 10, "aviso", `${ASSUMED_DAYS}: la primera fecha (01DEC, martes) no es un día de operación; la primera operación es el 05DEC`],
      [7, 15, "aviso", `${ASSUMED_DAYS}: la última fecha (31JAN, domingo) no es un día de operación; la última operación es el 30JAN`],
    ]);
    // The period stays as written: the days say which of its dates operate.
    expect(read.lines[0]).toMatchObject({ from: "01DEC", to: "31JAN", days: "0000060" });
  });

  it("only the last date not an operating day", () => {
    const read = parseScr(message("NVB1234 05DEC13DEC 0000060 180320 MTY0700 J"));
    expect(read.errors).toEqual([]);
    expect(problemsOf(read)).toEqual([
      [6, 14, "aviso", `${ASSUMED_DAYS}: la última fecha (13DEC, domingo) no es un día de operación; la última operación es el 12DEC`],
    ]);
  });

  it("2400 on a departure: 0000 of the next day", () => {
    const read = parseScr(message("N VB1235 05DEC 180320 2400MTY J"));
    expect(read.lines[0]).toMatchObject({ from: "06DEC", to: "06DEC", days: null, departure: { time: "0000", destination: "MTY" } });
    expect(problemsOf(read)).toEqual([[6, 23, "aviso", "Hora de salida 2400: se leyó como 0000 del día siguiente (06DEC); SSIM escribe las horas de 0000 a 2359"]]);
  });

  it("2400 in a coordinator's period: the period and its days move to the next day, across the month and the year", () => {
    const read = parseScr(message("KVB1240 07DEC28DEC 1000000 180320 MTY2400 J", "K VB1241 31DEC31DEC 0004000 180320 2400MTY J", "K VB1242 27FEB27FEB 0000060 180320 2400MTY J"));
    expect(read.errors).toEqual([]);
    expect(read.lines.map((l) => [l.from, l.to, l.days, l.arrival?.time ?? l.departure?.time])).toEqual([
      ["08DEC", "29DEC", "0200000", "0000"],
      ["01JAN", "01JAN", "0000500", "0000"],
      ["28FEB", "28FEB", "0000007", "0000"],
    ]);
    expect(problemsOf(read)[0]).toEqual([6, 38, "aviso", "Hora de llegada 2400: se leyó como 0000 del día siguiente (08DEC–29DEC, días 0200000); SSIM escribe las horas de 0000 a 2359"]);
  });

  it("a turnaround's departure at 2400: 0000 with one more overnight day", () => {
    const read = parseScr(message("KVB1240 VB1241 05DEC05DEC 0000060 180320 MTY2200 2400MTY JJ"));
    expect(read.lines[0]).toMatchObject({ from: "05DEC", arrival: { time: "2200" }, departure: { time: "0000", overnight: 1 } });
    expect(problemsOf(read).map((p) => p[3])).toEqual(["Hora de salida 2400: se leyó como 0000 del día siguiente (indicador de pernocta 1); SSIM escribe las horas de 0000 a 2359"]);
  });

  it("a coordinator's line with the aircraft type but no seats: the type is read, the seats unknown", () => {
    const read = parseScr(message("KVB1260 10DEC10DEC 0004000 320 GDL1130 J"));
    expect(read.errors).toEqual([]);
    expect(read.lines[0]).toMatchObject({ seats: null, aircraft: "320", arrival: { origin: "GDL", time: "1130" } });
    expect(problemsOf(read)).toEqual([
      [6, 28, "aviso", "Tipo de aeronave '320' sin asientos (se esperaban 3 dígitos de asientos y el tipo, p. ej. 180320): se leyó el tipo; los asientos quedan sin dato"],
    ]);
    // An airline's own request still needs its seats.
    expect(parseScr(message("NVB1260 10DEC10DEC 0004000 320 GDL1130 J")).errors).toHaveLength(1);
  });

  it("extra information not closed with '/', on the line and on the line after", () => {
    const read = parseScr(message("NVB1234 05DEC 180320 MTY0700 J / PLS", "N VB1235 05DEC 180320 0800MTY J", "/ CREW CHANGE"));
    expect(read.lines.map((l) => l.extra)).toEqual(["PLS", "CREW CHANGE"]);
    const unclosed =
      "Se tomó como información adicional el texto hasta el final de la línea: debe cerrarse con '/' (p. ej. / TEXTO /)";
    expect(problemsOf(read)).toEqual([
      [6, 37, "aviso", unclosed],
      [8, 14, "aviso", unclosed],
    ]);
  });

  it("a turnaround refusal without times nor seats, and an X echo without days", () => {
    const read = parseScr(message("UVB1234 VB1235 05DEC MTY MTY JJ", "XVB1102 12JAN19JAN 180320 CUN1310 J"));
    expect(read.errors).toEqual([]);
    expect(read.lines[0]).toMatchObject({
      arrival: { origin: "MTY", time: null },
      departure: { destination: "MTY", time: null, overnight: null },
      seats: null,
    });
    expect(problemsOf(read).map(([line, column]) => [line, column])).toEqual([
      [6, 22],
      [6, 25],
      [6, 26],
      [7, 20],
    ]);
  });

  it("REYT with blanks before its slash, lower case and tabs in the header", () => {
    const read = parseScr("scr\r\n\t/ref 1\r\nw26\r\n21nov\r\nmex\r\nreyt /VIVW26001\r\n\r\nKVB1234 05DEC 180320 MTY0700 J\r\n");
    expect(read.header).toEqual({ smi: "SCR", creator: "ref 1", season: "W26", date: "21NOV", airport: "MEX", reyt: "VIVW26001" });
    expect(read.problems).toEqual([]);
  });
});

describe("what is still refused: an error for that line only, the rest is read", () => {
  it.each([
    ["a garbage line", "¿QUÉ PASA?", 1, "Código de acción '¿' no válido"],
    ["an impossible date", "NVB1234 31NOV 180320 MTY0700 J", 9, "Fecha '31NOV' no válida"],
    ["an unknown action code", "QVB1234 05DEC 180320 MTY0700 J", 1, "Código de acción 'Q' no válido"],
    ["a grant without its time (only refusals may leave it out)", "KVB1234 05DEC 180320 MTY J", 22, "Llegada 'MTY' no válida"],
    ["a request without seats", "NVB1234 05DEC MTY0700 J", 15, "Asientos y tipo de aeronave 'MTY0700' no válidos"],
    ["a period in which no listed day falls", "NVB1234 07DEC08DEC 0000060 180320 MTY0700 J", 20, "Ninguna fecha del periodo 07DEC–08DEC"],
    ["a time out of range", "NVB1234 05DEC 180320 MTY2401 J", 25, "Hora de llegada '2401' no válida"],
  ])("%s", (_name, bad, column, start) => {
    const read = parseScr(message("NVB1250 05DEC 180320 MTY0700 J", bad, "N VB1251 05DEC 180320 0800MTY J"));
    expect(read.lines.map((l) => l.line)).toEqual([6, 8]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toMatchObject({ line: 7, column, severity: "error", text: bad });
    expect(read.problems[0]?.message.startsWith(start)).toBe(true);
    expect(read.errors).toEqual([{ line: 7, column, message: read.problems[0]?.message }]);
  });
});

describe("the builder stays strict and its output re-reads without a single warning", () => {
  it("writes SCR only and refuses what the reader tolerates", () => {
    const reply = parseScr(fixture("coordinator-reply.scr"));
    expect(() => buildScr(reply)).toThrow();
    const sal = parseScr(fixture("sal.txt"));
    expect(() => buildScr(sal)).toThrow();
  });

  it("re-reads its own text with no problem at all", () => {
    const text = buildScr({
      header: { smi: "SCR", creator: "slots@airline.example", season: "W26", date: "21NOV", airport: "MEX", reyt: "VIVW26012" },
      lines: [
        { action: "N", arrival: { flight: "VIV1234", origin: "MTY", previous: null, time: "0700" }, departure: null, from: "05DEC", to: "26DEC", days: "0000060", seats: 180, aircraft: "320", service: "J", frequencyRate: null, extra: "PLS" },
        { action: "C", arrival: null, departure: { flight: "VB1235", time: "2355", overnight: 1, next: null, destination: "TIJ" }, from: "12JAN", to: "12JAN", days: null, seats: 186, aircraft: "32N", service: "J", frequencyRate: 2, extra: null },
      ],
      si: ["IF NOT AVBL PLS OFFER NEAREST"],
      gi: ["BRGDS"],
    });
    expect(parseScr(text).problems).toEqual([]);
  });
});

describe("a SIR with the shapes real coordinators' feeds still write (tests/fixtures/scr/SOURCES.md)", () => {
  it("reads the type without seats and 2400 as the next day's 0000, each with a warning at its column", () => {
    const read = parseScr(fixture("sir-shapes.txt"));
    expect(read.errors).toEqual([]);
    expect(read.header).toMatchObject({ smi: "SIR", season: "W26" });
    expect(read.lines.map((l) => [l.from, l.to, l.days, l.seats, l.aircraft, l.arrival?.time ?? l.departure?.time])).toEqual([
      ["07DEC", "28DEC", "1000000", null, "320", "1130"],
      ["08DEC", "29DEC", "0200000", 180, "320", "0000"],
    ]);
    expect(problemsOf(read).map((p) => [p[0], p[1], p[2]])).toEqual([
      [6, 28, "aviso"],
      [7, 36, "aviso"],
    ]);
  });
});
