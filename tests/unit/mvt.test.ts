/**
 * The MVT reader (IATA AHM 780) on fixtures written from the AHM 780 description
 * (tests/fixtures/mvt: every data line, several messages in one text, corrections, a diversion,
 * returns, midnight crossings, CRLF with lower case and odd spacing, malformed messages) and on
 * small texts for each tolerance and each problem.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mvtFlightKey, mvtForStation, readMvt, type MvtMessage } from "../../src/domain/mvt";
import type { ReadProblem } from "../../src/domain/reading";

const fixture = (name: string) => readFileSync(join(__dirname, "../fixtures/mvt", name), "utf8");

const EMPTY: Omit<MvtMessage, "line" | "flight" | "day" | "registration" | "station"> = {
  legDay: null,
  correction: false,
  offBlock: null,
  airborne: null,
  touchdown: null,
  onBlock: null,
  estimatedDeparture: null,
  estimatedArrival: null,
  destination: null,
  nextInformation: null,
  delays: [],
  passengers: null,
  si: [],
  diversion: null,
  return: null,
  problems: [],
};

/** One message's problems as `line:column severity message` (compact to compare). */
const shown = (problems: readonly ReadProblem[]) => problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.message}`);

function only(text: string, options = {}): MvtMessage {
  const { items } = readMvt(text, options);
  expect(items).toHaveLength(1);
  const [message] = items;
  if (message === undefined) throw new Error("no message");
  return message;
}

describe("readMvt on the AHM 780 fixtures", () => {
  it("reads a departure: AD, EA with its airport, DL codes then durations, PX, SI with a continuation line", () => {
    const reading = readMvt(fixture("departure.mvt"));
    expect(reading.problems).toEqual([]);
    expect(reading.items).toEqual([
      {
        ...EMPTY,
        line: 1,
        flight: "VB1234",
        day: 26,
        registration: "XAVRA",
        station: "MEX",
        offBlock: "1015",
        airborne: "1025",
        estimatedArrival: "1230",
        destination: "MTY",
        delays: [
          { code: "11", minutes: 15 },
          { code: "93", minutes: 20 },
        ],
        passengers: 145,
        si: ["CREW LATE FROM HOTEL", "PUSHBACK TRACTOR U/S 5 MIN"],
      },
    ]);
  });

  it("reads an arrival: AA touchdown / on-block", () => {
    expect(only(fixture("arrival.mvt"))).toEqual({
      ...EMPTY,
      line: 1,
      flight: "VB1235",
      day: 26,
      registration: "XAVRA",
      station: "MEX",
      touchdown: "1612",
      onBlock: "1620",
      si: ["ARR STAND 52"],
    });
  });

  it("reads a delay: ED and NI as DDHHMM, a suffixed flight, AHM 732 sub-codes and EDL", () => {
    const m = only(fixture("delay.mvt"));
    expect(m).toMatchObject({
      flight: "VB0456A",
      estimatedDeparture: "261130",
      nextInformation: "261100",
      delays: [
        { code: "93A", minutes: 45 },
        { code: "41", minutes: 10 },
        { code: "87", minutes: 5 },
      ],
      si: ["ROTATION LATE"],
      problems: [],
    });
  });

  it("reads several messages in one text: separated by a new MVT line or blank lines, with telex address lines", () => {
    const reading = readMvt(fixture("several.mvt"));
    expect(reading.items.map((m) => [m.line, m.flight, m.offBlock ?? m.estimatedDeparture ?? m.touchdown])).toEqual([
      [4, "VB1234", "1015"],
      [8, "VB1236", "261230"],
      [15, "VB1237", "1455"],
      [20, "VB1238", "1530"],
    ]);
    expect(reading.items[1]).toMatchObject({ nextInformation: "261200", estimatedDeparture: "261230" });
    expect(reading.items[3]?.delays).toEqual([{ code: "81", minutes: 10 }]);
    // The address lines belong to the message after them, ignored with a warning (one per block).
    expect(shown(reading.items[0]?.problems ?? [])).toEqual(["1:1 aviso Línea antes de MVT (dirección o referencia del télex): ignorada"]);
    expect(shown(reading.items[2]?.problems ?? [])).toEqual(["13:1 aviso Línea antes de MVT (dirección o referencia del télex): ignorada"]);
    expect(reading.items[1]?.problems).toEqual([]);
    expect(reading.problems.map((p) => p.line)).toEqual([1, 13]);
  });

  it("reads COR before MVT, after MVT and on the MVT line as a correction", () => {
    const reading = readMvt(fixture("correction.mvt"));
    expect(reading.problems).toEqual([]);
    expect(reading.items.map((m) => [m.flight, m.correction])).toEqual([
      ["VB1234", true],
      ["VB1235", true],
      ["VB1236", true],
    ]);
    expect(reading.items[0]).toMatchObject({ offBlock: "1012", airborne: "1025" });
    expect(reading.items.map((m) => m.line)).toEqual([2, 6, 11]);
  });

  it("reads a diversion: EA at the diversion airport with DR's reason, and DR with time, airport and reason", () => {
    const [departure, diverted, other] = readMvt(fixture("diversion.mvt")).items;
    expect(departure).toMatchObject({ flight: "VB1240", diversion: null, destination: "TIJ" });
    expect(diverted).toMatchObject({
      flight: "VB1240",
      estimatedArrival: "1712",
      destination: "HMO",
      passengers: 150,
      diversion: { station: "HMO", estimatedArrival: "1712", reason: "71" },
      si: ["TIJ BELOW MINIMA"],
      problems: [],
    });
    expect(other).toMatchObject({ diversion: { station: "GDL", estimatedArrival: "1650", reason: "71" }, problems: [] });
  });

  it("reads returns: RR back to the ramp (on-block) and FR back from airborne (touchdown / on-block)", () => {
    const [ramp, airborne] = readMvt(fixture("return.mvt")).items;
    expect(ramp).toMatchObject({
      offBlock: "0910",
      airborne: null,
      return: { kind: "ramp", touchdown: null, onBlock: "0925" },
      delays: [{ code: "41", minutes: 40 }],
      problems: [],
    });
    expect(airborne).toMatchObject({
      offBlock: "1130",
      airborne: "1142",
      return: { kind: "airborne", touchdown: "1215", onBlock: "1224" },
      delays: [{ code: "41", minutes: null }],
      problems: [],
    });
  });

  it("reads times across midnight: DDHHMM of the next day as written, HHMM going backwards with a warning", () => {
    const [written, arrival, assumed] = readMvt(fixture("midnight.mvt")).items;
    expect(written).toMatchObject({ offBlock: "2350", airborne: "270004", estimatedArrival: "270130", problems: [] });
    expect(arrival).toMatchObject({ touchdown: "270012", onBlock: "270020", problems: [] });
    expect(assumed).toMatchObject({ touchdown: "2355", onBlock: "0008" });
    expect(shown(assumed?.problems ?? [])).toEqual([
      "11:8 aviso La llegada a calzos (0008) es anterior al aterrizaje (2355): se toma del día siguiente (cruza la medianoche; AHM 780 la escribe DDHHMM)",
    ]);
  });

  it("reads CRLF, tabs, lower case, blanks around '/' and '.', a blank line inside the message, without problems", () => {
    const text = fixture("crlf.mvt");
    expect(text).toContain("\r\n");
    const m = only(text);
    expect(m).toEqual({
      ...EMPTY,
      line: 1,
      flight: "VB1234",
      day: 26,
      registration: "XAVRA",
      station: "MEX",
      offBlock: "1015",
      airborne: "1025",
      estimatedArrival: "1230",
      destination: "MTY",
      delays: [
        { code: "11", minutes: 15 },
        { code: "93", minutes: 20 },
      ],
      passengers: 145,
      si: ["Crew late"],
    });
  });

  it("flags only the malformed messages, each error with its line and column; the others read fine", () => {
    const reading = readMvt(fixture("malformed.mvt"), { station: "MEX", airlines: ["VB"] });
    expect(reading.items.map((m) => shown(m.problems))).toEqual([
      ["3:8 error El despegue (0950) es anterior a la salida de calzos (1015): el mensaje no se aplica"],
      ["7:8 error La llegada a calzos (1205) es anterior al aterrizaje (1210): el mensaje no se aplica"],
      ["10:8 error Día del mes '32' no válido: 1 a 31"],
      ["15:8 error Hora '1075' fuera de 0000–2359"],
      ["20:1 error Elemento 'ZZ1234' desconocido: se esperaba AD, AA, ED, EA, NI, DL, PX, SI, DR, RR, FR o FLD"],
      ["23:1 error Falta la línea MVT antes del vuelo: el mensaje no se aplica"],
      ["26:1 error Falta la línea del vuelo después de MVT: se esperaba p. ej. VB1234/26.XAVRA.MEX"],
      [
        "30:1 aviso El vuelo 4O1240 es de otra aerolínea (se esperaba VB): no se aplica",
        "30:17 aviso El mensaje es de la estación GDL, no de MEX: no se aplica",
      ],
    ]);
    // A line with an error keeps none of its values; the message's other lines are kept.
    expect(reading.items[3]).toMatchObject({ offBlock: null, airborne: null, passengers: 145 });
    expect(reading.items[4]?.delays).toEqual([{ code: "11", minutes: 15 }]);
    // Read without a flight line, the data still shows what the message said.
    expect(reading.items[6]).toMatchObject({ flight: null, offBlock: "1015", airborne: "1025" });
    expect(reading.items[7]).toMatchObject({ flight: "4O1240", station: "GDL", offBlock: "1015" });
    // Every problem carries the line as written.
    expect(reading.problems.find((p) => p.line === 20)?.text).toBe("ZZ1234");
  });

  it("flags a message that has nothing after MVT", () => {
    expect(shown(only(fixture("empty-message.mvt")).problems)).toEqual([
      "1:1 error Falta la línea del vuelo después de MVT: se esperaba p. ej. VB1234/26.XAVRA.MEX",
    ]);
  });
});

describe("readMvt tolerances and assumptions", () => {
  it("refuses a text without any message, and an empty text, with one error", () => {
    expect(readMvt("").items).toEqual([]);
    expect(shown(readMvt("").problems)).toEqual(["1:1 error El texto está vacío: no hay ningún mensaje MVT"]);
    expect(shown(readMvt("\n  \nHOLA\nSALUDOS\n").problems)).toEqual([
      "3:1 error No se encontró ningún mensaje MVT (una línea MVT seguida de la del vuelo)",
      "3:1 aviso Texto fuera de un mensaje MVT: ignorado",
    ]);
  });

  it("reads MVA (aircraft-initiated) like MVT, and MVTCOR glued with a warning", () => {
    expect(only("MVA\nVB1/26.XAVRA.MEX\nAD1015/1025\n")).toMatchObject({ flight: "VB1", offBlock: "1015", problems: [] });
    const glued = only("MVTCOR\nVB1/26.XAVRA.MEX\nAD1015/1025\n");
    expect(glued.correction).toBe(true);
    expect(shown(glued.problems)).toEqual(["1:1 aviso Se leyó como MVT COR (corrección)"]);
  });

  it("reads a COR among the data lines as a correction, with a warning", () => {
    const m = only("MVT\nVB1/26.XAVRA.MEX\nAD1015/1025\nCOR\n");
    expect(m.correction).toBe(true);
    expect(shown(m.problems)).toEqual(["4:1 aviso COR fuera de su lugar (va en la línea antes o después de MVT): se lee el mensaje como corrección"]);
  });

  it("reads the flight line's designators: two-character and three-letter airlines, suffix, blank before the number", () => {
    expect(only("MVT\n4O123/1.XAVRA.MEX\nAD1015\n")).toMatchObject({ flight: "4O123", day: 1 });
    expect(only("MVT\nAMX0123/05.XAVRA.MEX\nAD1015\n")).toMatchObject({ flight: "AMX0123", day: 5 });
    expect(only("MVT\nVB 1234D/26.XAVRA.MEX\nAD1015\n")).toMatchObject({ flight: "VB1234D", problems: [] });
    expect(shown(only("MVT\n12345/26.XAVRA.MEX\nAD1015\n").problems)).toEqual([
      "2:1 error Aerolínea '12' no válida: dos letras, o letra y dígito (p. ej. VB, 4O)",
    ]);
    expect(shown(only("MVT\nVB12345/26.XAVRA.MEX\nAD1015\n").problems)).toEqual(["2:3 error Número de vuelo '12345' de más de 4 dígitos"]);
    expect(shown(only("MVT\nVB123.XAVRA.MEX\nAD1015\n").problems)).toEqual(["2:6 error Se esperaba '/' y el día del mes después de VB123"]);
    expect(shown(only("MVT\nVB123/26.XAVRA.MMMX\nAD1015\n").problems)).toEqual([
      "2:16 error Estación 'MMMX' no válida: 3 letras IATA (p. ej. MEX)",
    ]);
  });

  it("warns on a flight line without registration, with blanks for dots, or with text after the station", () => {
    const noRegistration = only("MVT\nVB1/26..MEX\nAD1015\n");
    expect(noRegistration).toMatchObject({ registration: null, station: "MEX" });
    expect(shown(noRegistration.problems)).toEqual(["2:9 aviso Falta la matrícula: se lee el mensaje sin ella"]);
    expect(shown(only("MVT\nVB1/26.MEX\nAD1015\n").problems)).toEqual(["2:8 aviso Falta la matrícula: se lee el mensaje sin ella"]);
    const blanks = only("MVT\nVB1/26 XAVRA MEX\nAD1015\n");
    expect(blanks).toMatchObject({ registration: "XAVRA", station: "MEX" });
    expect(shown(blanks.problems)).toEqual([
      "2:8 aviso Se esperaba '.' entre día, matrícula y estación: se leyeron los blancos como separadores",
    ]);
    expect(shown(only("MVT\nVB1/26.XAVRA.MEX.EXTRA\nAD1015\n").problems)).toEqual([
      "2:18 aviso Texto después de la estación ignorado: 'EXTRA'",
    ]);
    expect(shown(only("MVT\nVB1/26.XA_VRA.MEX\nAD1015\n").problems)).toEqual([
      "2:8 aviso Matrícula 'XA_VRA' no válida: se lee el mensaje sin ella",
    ]);
  });

  it("reads AD and AA with one time, or only the second one, and warns on a repeated element", () => {
    expect(only("MVT\nVB1/26.XAVRA.MEX\nAD/1025\n")).toMatchObject({ offBlock: null, airborne: "1025", problems: [] });
    expect(only("MVT\nVB1/26.XAVRA.MEX\nAA1210\n")).toMatchObject({ touchdown: "1210", onBlock: null, problems: [] });
    const repeated = only("MVT\nVB1/26.XAVRA.MEX\nAD1015\nAD1017/1030\n");
    expect(repeated).toMatchObject({ offBlock: "1017", airborne: "1030" });
    expect(shown(repeated.problems)).toEqual(["4:1 aviso AD aparece otra vez en el mensaje: vale este"]);
    expect(shown(only("MVT\nVB1/26.XAVRA.MEX\nAD1015/1025/1030\n").problems)).toEqual(["3:13 error AD lleva una o dos horas separadas por '/'"]);
    expect(shown(only("MVT\nVB1/26.XAVRA.MEX\nAD\n").problems)).toEqual(["3:1 error Falta el valor de AD"]);
    expect(shown(only("MVT\nVB1/26.XAVRA.MEX\nAD10:15\n").problems)).toEqual([
      "3:3 error Hora '10:15' no válida: se esperaba HHMM o DDHHMM (p. ej. 1015 o 261015)",
    ]);
    expect(shown(only("MVT\nVB1/26.XAVRA.MEX\nAD321015\n").problems)).toEqual(["3:3 error Día '32' de la hora '321015' fuera de 01–31"]);
  });

  it("reads EA with the airport glued or missing (warning), and an unknown airport as an error", () => {
    expect(only("MVT\nVB1/26.XAVRA.MEX\nAD1015/1025 EA1230MTY\n")).toMatchObject({ estimatedArrival: "1230", destination: "MTY", problems: [] });
    const bare = only("MVT\nVB1/26.XAVRA.MEX\nAD1015/1025 EA1230\n");
    expect(bare).toMatchObject({ estimatedArrival: "1230", destination: null });
    expect(shown(bare.problems)).toEqual(["3:15 aviso EA sin aeropuerto de destino: se lee solo la hora"]);
    expect(shown(only("MVT\nVB1/26.XAVRA.MEX\nEA1230MT\n").problems)).toEqual([
      "3:7 error Aeropuerto 'MT' no válido después de EA: 3 letras IATA",
    ]);
  });

  it("reads DL as codes then durations or as code/duration pairs, and warns when their counts differ", () => {
    const delays = (line: string) => only(`MVT\nVB1/26.XAVRA.MEX\nAD1015/1025\n${line}\n`);
    expect(delays("DL11/0015/93/0020").delays).toEqual([
      { code: "11", minutes: 15 },
      { code: "93", minutes: 20 },
    ]);
    expect(delays("DL RA/0105").delays).toEqual([{ code: "RA", minutes: 65 }]);
    const missing = delays("DL11/93/0015");
    expect(missing.delays).toEqual([
      { code: "11", minutes: 15 },
      { code: "93", minutes: null },
    ]);
    expect(shown(missing.problems)).toEqual(["4:3 aviso DL trae 1 duraciones para 2 códigos: los últimos quedan sin duración"]);
    expect(shown(delays("DL11/0015/0020").problems)).toEqual(["4:3 aviso DL trae 2 duraciones para 1 códigos: se ignoran las de más"]);
    expect(shown(delays("DL11/0075").problems)).toEqual(["4:6 error Duración '0075' no válida: se esperaba hhmm (p. ej. 0015)"]);
    expect(shown(delays("DL0015").problems)).toEqual(["4:3 error DL sin código de demora"]);
    expect(shown(delays("DL11-93/0015").problems)).toEqual([
      "4:3 error Código de demora '11-93' no válido: dos dígitos o letras, con subcódigo opcional (p. ej. 93 o 93A), y duraciones hhmm",
    ]);
  });

  it("reads PX with infants after '/', refuses PX that is not a number, ignores EO and EB with a warning", () => {
    expect(only("MVT\nVB1/26.XAVRA.MEX\nAD1015/1025\nPX145/2\n").passengers).toBe(145);
    expect(shown(only("MVT\nVB1/26.XAVRA.MEX\nAD1015/1025\nPXABC\n").problems)).toEqual([
      "4:3 error Pasajeros 'ABC' no válidos: se esperaba un número (p. ej. PX145)",
    ]);
    const eo = only("MVT\nVB1/26.XAVRA.MEX\nAD1015\nEO1030\n");
    expect(shown(eo.problems)).toEqual(["4:1 aviso EO no se usa en Slotdesk: ignorado"]);
  });

  it("keeps SI as written (case and inner spacing), continuation lines trimmed", () => {
    const m = only("MVT\nVB1/26.XAVRA.MEX\nAD1015/1025\nSI  Pax  connecting \n   to MTY  \n\n  ok\n");
    expect(m.si).toEqual(["Pax  connecting", "to MTY", "ok"]);
  });

  it("warns on a diversion without an airport", () => {
    const m = only("MVT\nVB1/26.XAVRA.MEX\nDR1650 71\n");
    expect(m.diversion).toEqual({ station: null, estimatedArrival: "1650", reason: "71" });
    expect(shown(m.problems)).toEqual(["3:3 aviso Desvío (DR) sin aeropuerto de destino"]);
  });

  it("flags times that go backwards: DDHHMM, HHMM beyond six hours, returns", () => {
    const problems = (lines: string) => shown(only(`MVT\nVB1/26.XAVRA.MEX\n${lines}\n`).problems);
    expect(problems("AA270020/270012")).toEqual([
      "3:10 error La llegada a calzos (270012) es anterior al aterrizaje (270020): el mensaje no se aplica",
    ]);
    expect(problems("AD1700/1030")).toEqual(["3:8 error El despegue (1030) es anterior a la salida de calzos (1700): el mensaje no se aplica"]);
    expect(problems("AD1015\nRR1000")).toEqual([
      "4:3 error La llegada a calzos de regreso (1000) es anterior a la salida de calzos (1015): el mensaje no se aplica",
    ]);
    expect(problems("AD1015/1025\nFR1020/1030")).toEqual([
      "4:3 error El aterrizaje de regreso (1020) es anterior al despegue (1025): el mensaje no se aplica",
    ]);
    // AD and AA in one message: on-block before off-block.
    expect(problems("AD1015/1025\nAA1005/1010")).toEqual([
      "4:3 error El aterrizaje (1005) es anterior al despegue (1025): el mensaje no se aplica",
      "4:8 error La llegada a calzos (1010) es anterior al despegue (1025): el mensaje no se aplica",
    ]);
    expect(problems("AD1015/1015")).toEqual([]);
  });

  it("crosses a month end with DDHHMM, and warns on a day far from the flight's", () => {
    expect(only("MVT\nVB1/31.XAVRA.MEX\nAD312350/010005\n").problems).toEqual([]);
    expect(only("MVT\nVB1/1.XAVRA.MEX\nAA312355/010010\n").problems).toEqual([]);
    expect(shown(only("MVT\nVB1/26.XAVRA.MEX\nED291000\n").problems)).toEqual([
      "3:3 aviso El día 29 de la salida estimada está a más de dos días del día del vuelo (26)",
    ]);
  });

  it("checks station and airlines only when asked", () => {
    const text = "MVT\nXX1/26.XAVRA.GDL\nAD1015/1025\n";
    expect(only(text).problems).toEqual([]);
    expect(shown(only(text, { station: "MEX", airlines: ["VB", "4O"] }).problems)).toEqual([
      "2:1 aviso El vuelo XX1 es de otra aerolínea (se esperaba VB o 4O): no se aplica",
      "2:14 aviso El mensaje es de la estación GDL, no de MEX: no se aplica",
    ]);
  });

  it("never throws, and every problem names a line of the text with that line's text", () => {
    const pieces = ["MVT", "COR", "VB1234/26.XAVRA.MEX", "AD1015/1025", "AA", "EA1230 MTY", "DL11/", "/", ".", "PX", "SI x", "DR", "RR", "FR9999", "", " ", "\t", "261015", "ñ", "ß"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let run = 0; run < 400; run++) {
      const lines: string[] = [];
      const count = Math.floor(next() * 12);
      for (let k = 0; k < count; k++) {
        let line = "";
        const parts = 1 + Math.floor(next() * 3);
        for (let p = 0; p < parts; p++) line += pieces[Math.floor(next() * pieces.length)] ?? "";
        lines.push(line);
      }
      const text = lines.join(next() < 0.5 ? "\n" : "\r\n");
      const reading = readMvt(text, { station: "MEX", airlines: ["VB"] });
      const written = text.split(/\r\n|\n|\r/);
      for (const p of reading.problems) {
        expect(p.line).toBeGreaterThanOrEqual(1);
        expect(p.line).toBeLessThanOrEqual(Math.max(1, written.length));
        expect(p.text).toBe(written[p.line - 1] ?? "");
        expect(p.column).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

describe("readMvt on the shapes real feeds still trip on (issue 36; sources in tests/fixtures/mvt/SOURCES.md)", () => {
  it("reads FLD, the flight leg date, as the day the leg leaves, and finds the leg's flight by it", () => {
    const reading = readMvt(fixture("flight-leg-date.mvt"), { station: "MEX", airlines: ["VB"] });
    expect(reading.problems).toEqual([]);
    expect(reading.items[0]).toMatchObject({ flight: "VB1270", day: 31, legDay: 1, offBlock: "0012", airborne: "0024" });
    const message = reading.items[0];
    if (message === undefined) throw new Error("no message");
    expect(mvtFlightKey(message)).toEqual({ flightNumber: "VB1270", isArrival: false, day: 1 });
    expect(shown(readMvt("MVT\nVB1270/31.XAVRK.MEX\nFLD32\nAD0012/0024").problems)).toEqual([
      "3:4 error Fecha del tramo (FLD) '32' no válida: se esperaba el día del mes, 1 a 31 (p. ej. FLD21)",
    ]);
  });

  it("reads FR, the return from airborne: touchdown and on-block back at the departure station", () => {
    const message = only(fixture("return.mvt").split("\n\n")[1] ?? "");
    expect(message).toMatchObject({ flight: "VB1251", offBlock: "1130", airborne: "1142", return: { kind: "airborne", touchdown: "1215", onBlock: "1224" } });
    expect(message.problems).toEqual([]);
  });

  it("opens a SITA Type B envelope: the MVT under =SMI/=TEXT is read, the envelope lines are not errors, an LDM inside one is left out", () => {
    const reading = readMvt(fixture("sita-envelope.mvt"), { station: "MEX", airlines: ["VB"] });
    expect(reading.items).toHaveLength(1);
    expect(reading.items[0]).toMatchObject({ line: 15, flight: "VB1234", day: 26, station: "MEX", offBlock: "1015", airborne: "1025", delays: [{ code: "11", minutes: 15 }] });
    expect(shown(reading.problems)).toEqual([
      "1:1 aviso Sobre SITA Type B (=HEADER, =PRIORITY, =DESTINATION, =ORIGIN, =SMI, =TEXT): se leyó el mensaje de =SMI y =TEXT; las líneas del sobre se ignoraron",
      "20:1 aviso Sobre SITA Type B con un mensaje LDM, no MVT: ignorado",
    ]);
  });

  it("reads a flight whose airline code is also an element name (AA1203/07.LNREG.BGO) as the flight line", () => {
    const reading = readMvt(fixture("element-airline.mvt"));
    expect(reading.problems).toEqual([]);
    expect(reading.items.map((m) => [m.flight, m.day, m.registration, m.station])).toEqual([
      ["AA1203", 7, "LNREG", "BGO"],
      ["DL0591", 7, "N123DL", "MEX"],
    ]);
    expect(reading.items[1]).toMatchObject({ touchdown: "1440", onBlock: "1448" });
  });

  it("ends a message at a foreign one (LDM, CPM) instead of absorbing it into SI, and says so", () => {
    const reading = readMvt(fixture("after-foreign.mvt"), { station: "MEX", airlines: ["VB"] });
    expect(reading.items.map((m) => [m.line, m.flight, m.si])).toEqual([
      [1, "VB1234", ["CREW LATE FROM HOTEL"]],
      [8, "VB1235", []],
      [16, "VB1237", []],
    ]);
    expect(shown(reading.problems)).toEqual([
      "5:1 aviso Mensaje LDM, no MVT (líneas 5–7): ignorado; el mensaje anterior termina antes de él",
      "12:1 aviso Mensaje CPM, no MVT (líneas 12–14): ignorado; el mensaje anterior termina antes de él",
      "16:1 error Falta la línea MVT antes del vuelo: el mensaje no se aplica",
    ]);
  });

  it("keeps an out-station's estimate of the arrival at MEX: only the EA, for the inbound flight", () => {
    const reading = readMvt("MVT\nVB1281/28.XAVRA.MTY\nAD1435/1445 EA281612 MEX\nDL93/0010", { station: "MEX", airlines: ["VB"] });
    expect(shown(reading.problems)).toEqual([
      "2:17 aviso El mensaje es de la estación MTY: de él se aplica solo la llegada estimada a MEX (EA 281612) al vuelo de llegada",
    ]);
    const message = reading.items[0];
    if (message === undefined) throw new Error("no message");
    expect(mvtFlightKey(message)).toEqual({ flightNumber: "VB1281", isArrival: true, day: 28 });
    expect(mvtForStation(message)).toMatchObject({ estimatedArrival: "281612", offBlock: null, airborne: null, delays: [] });
    // Another destination: nothing of it is for MEX.
    const elsewhere = only("MVT\nVB1281/28.XAVRA.MTY\nAD1435/1445 EA1612 GDL", { station: "MEX" });
    expect(mvtFlightKey(elsewhere)).toBeNull();
  });
});
