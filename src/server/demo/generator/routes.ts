/**
 * The demo airline's network out of MEX: real IATA stations, approximate block times from MEX,
 * and the weekly frequency plan (daily lines plus lines on some weekdays). Numbers of lines are
 * chosen so the airline has 180–220 movements a day at MEX.
 */

export type DemoCountry = "MX" | "US";

export type DemoStation = {
  code: string;
  city: string;
  country: DemoCountry;
  /** Block minutes MEX → station (the way back differs by a few minutes). */
  blockMinutes: number;
  /** Round trips operated every day. */
  daily: number;
  /** Extra round trips on some weekdays: SSIM day strings of the MEX departure's local date. */
  weekly: readonly string[];
  /** Share of the station's lines flown with an A321. */
  a321Share: number;
};

const s = (
  code: string,
  city: string,
  country: DemoCountry,
  blockMinutes: number,
  daily: number,
  weekly: readonly string[],
  a321Share: number,
): DemoStation => ({ code, city, country, blockMinutes, daily, weekly, a321Share });

export const DEMO_STATIONS: readonly DemoStation[] = [
  s("MTY", "Monterrey", "MX", 95, 10, ["12345", "3"], 0.4),
  s("GDL", "Guadalajara", "MX", 80, 8, ["157"], 0.35),
  s("CUN", "Cancún", "MX", 135, 10, ["567", "46"], 0.6),
  s("TIJ", "Tijuana", "MX", 215, 7, ["57"], 0.6),
  s("MID", "Mérida", "MX", 110, 5, ["3"], 0.3),
  s("HMO", "Hermosillo", "MX", 150, 3, ["12"], 0.2),
  s("CUL", "Culiacán", "MX", 115, 3, ["234"], 0.2),
  s("OAX", "Oaxaca", "MX", 65, 2, [], 0.1),
  s("VER", "Veracruz", "MX", 60, 3, [], 0.1),
  s("VSA", "Villahermosa", "MX", 75, 2, [], 0.1),
  s("TAM", "Tampico", "MX", 70, 2, [], 0.0),
  s("CJS", "Ciudad Juárez", "MX", 145, 3, [], 0.3),
  s("CUU", "Chihuahua", "MX", 125, 3, [], 0.2),
  s("SJD", "Los Cabos", "MX", 130, 3, ["67"], 0.4),
  s("PVR", "Puerto Vallarta", "MX", 85, 3, ["157"], 0.3),
  s("ZIH", "Ixtapa-Zihuatanejo", "MX", 60, 1, [], 0.0),
  s("HUX", "Huatulco", "MX", 70, 2, [], 0.0),
  s("ACA", "Acapulco", "MX", 55, 1, [], 0.0),
  s("TRC", "Torreón", "MX", 100, 2, [], 0.1),
  s("MZT", "Mazatlán", "MX", 100, 2, [], 0.1),
  s("LAP", "La Paz", "MX", 140, 2, [], 0.1),
  s("BJX", "León/Bajío", "MX", 60, 2, [], 0.1),
  s("AGU", "Aguascalientes", "MX", 65, 0, ["1357"], 0.0),
  s("ZCL", "Zacatecas", "MX", 70, 0, ["2457"], 0.0),
  s("SLP", "San Luis Potosí", "MX", 60, 0, ["12345"], 0.0),
  s("TAP", "Tapachula", "MX", 105, 2, [], 0.1),
  s("PXM", "Puerto Escondido", "MX", 65, 0, ["2467"], 0.0),
  s("CME", "Ciudad del Carmen", "MX", 95, 1, [], 0.0),
  s("CTM", "Chetumal", "MX", 115, 1, [], 0.0),
  s("MXL", "Mexicali", "MX", 210, 1, [], 0.3),
  s("REX", "Reynosa", "MX", 90, 1, [], 0.0),
  s("LAX", "Los Ángeles", "US", 250, 2, ["37"], 0.5),
  s("ORD", "Chicago", "US", 265, 1, [], 0.5),
  s("DFW", "Dallas/Fort Worth", "US", 170, 1, [], 0.3),
  s("IAH", "Houston", "US", 150, 1, ["4"], 0.3),
  s("LAS", "Las Vegas", "US", 225, 0, ["1357"], 0.5),
  s("SAT", "San Antonio", "US", 140, 0, ["2467"], 0.2),
  s("MIA", "Miami", "US", 185, 1, [], 0.5),
  s("JFK", "Nueva York", "US", 300, 1, [], 0.7),
  s("MCO", "Orlando", "US", 185, 0, ["146"], 0.5),
];

/** Holiday lines (daily from mid-December to early January), new series for the season. */
export const DEMO_HOLIDAY_STATIONS: readonly string[] = ["CUN", "SJD"];

/** Stations that charters and extra sections fly to. */
export const DEMO_CHARTER_STATIONS: readonly string[] = ["CUN", "SJD", "PVR", "HUX", "ZIH", "ACA", "MZT", "LAS", "MCO"];

export const AIRCRAFT_SEATS = { "320": 180, "321": 220 } as const;
export type DemoAircraftType = keyof typeof AIRCRAFT_SEATS;

export function stationByCode(code: string): DemoStation | undefined {
  return DEMO_STATIONS.find((station) => station.code === code);
}
