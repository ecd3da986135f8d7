/** Demoras completas and Demoras Tovar (src/domain/reports/delays.ts, tovar.ts) on a crafted day. */
import { describe, expect, it } from "vitest";
import { delaysReport, tovarReport } from "../../src/domain/reports";
import { DAY, LOCAL, row, ZULU } from "./reportDay";

const day = [
  row({ id: 1, real: 25, codes: [["93", 20], ["71", 5, "Tormenta en MTY"]] }),
  row({ id: 2, arrival: false, station: "GDL", real: 15 }),
  row({ id: 3, arrival: false, station: "CUN", real: -20 }),
  row({ id: 4, real: 3, codes: [["41", 3]] }),
  row({ id: 5, real: 40, status: "C", general: "CA" }),
  row({ id: 6, real: null, scheduled: 30 }),
  row({ id: 7, slot: null, real: 50, arrival: false, station: "PVR" }),
  row({ id: 8, leftover: true }),
  row({ id: 9, slot: ["2026-11-11", "02:30"], real: 16 }),
];

describe("Demoras completas", () => {
  it("holds the operated flights more than 15 minutes off (either way) or with codes, never a cancelled one, arrivals first at one time", () => {
    expect(delaysReport(day, ZULU).map((r) => r.id)).toEqual([1, 4, 3, 7, 9]);
  });

  it("writes the slot and the real time in the zone, the difference, the general cause and four causes", () => {
    const [first] = delaysReport(day, ZULU);
    expect(first).toMatchObject({
      date: DAY,
      airline: "VB",
      flight: "VB1",
      direction: "L",
      origin: "MTY",
      destination: "MEX",
      assigned_time: "12:00",
      real_time: "12:25",
      difference: 25,
      general_cause: "Reaccionarias",
      cause_1: "Rotación de aeronave: llegada tardía de la misma aeronave",
      code_1: "93",
      cause_2: "Tormenta en MTY",
      code_2: "71",
      code_3: null,
    });
    const local = delaysReport(day, LOCAL);
    expect(local.find((r) => r.id === 9)).toMatchObject({ date: DAY, assigned_time: "20:30", real_time: "20:46" });
    expect(delaysReport(day, ZULU).find((r) => r.id === 9)).toMatchObject({ date: "2026-11-11", assigned_time: "02:30" });
  });

  it("measures a flight without slot against its schedule", () => {
    expect(delaysReport(day, ZULU).find((r) => r.id === 7)).toMatchObject({ assigned_time: null, difference: 50, direction: "S" });
  });
});

describe("Demoras Tovar", () => {
  it("holds the flights flown on a slot more than 15 minutes late, with their first code", () => {
    const rows = tovarReport(day, ZULU);
    expect(rows.map((r) => r.id)).toEqual([1, 9]);
    expect(rows[0]).toMatchObject({ delay_code: "93", airport: "MTY", schedule_type: "L", historic_flight_number: "VB1", historic_datetime: `${DAY}T12:00:00.000Z` });
  });
});
