/**
 * What a modification asks for: the fields of the request line (R/L) that differ from the held
 * slot's change line (C) (issue 11 item 10). Reads the draft editor's line format (seed 000 §5.1):
 * letter, flight (designator with its suffix), DDMMMDDMMM, frequency, seats and aircraft, route
 * and time (route first when no blank follows the letter), service type.
 */

export const LINE_FIELDS = ["designator", "dates", "frequency", "equipment", "time", "route", "service_type"] as const;
export type LineField = (typeof LINE_FIELDS)[number];

/** One field of a line: its text and where it starts. */
export type LineToken = { text: string; at: number };

/** A line's fields; null when the line does not have the editor's shape. */
export function lineFields(line: string): Record<LineField, LineToken> | null {
  const spaced = line[1] === " ";
  const start = spaced ? 2 : 1;
  const parts: LineToken[] = [];
  let at = start;
  for (const text of line.slice(start).split(" ")) {
    parts.push({ text, at });
    at += text.length + 1;
  }
  const [designator, dates, frequency, equipment, routeTime, serviceType] = parts;
  if (parts.length !== 6 || !designator || !dates || !frequency || !equipment || !routeTime || !serviceType) return null;
  if (routeTime.text.length !== 7) return null;
  // With a blank after the letter the time comes first (0000XXX); without, the route (XXX0000).
  const timeAt = spaced ? 0 : 3;
  const routeAt = spaced ? 4 : 0;
  return {
    designator,
    dates,
    frequency,
    equipment,
    time: { text: routeTime.text.slice(timeAt, timeAt + 4), at: routeTime.at + timeAt },
    route: { text: routeTime.text.slice(routeAt, routeAt + 3), at: routeTime.at + routeAt },
    service_type: serviceType,
  };
}

/**
 * The fields the request changes against the held slot, in line order; [] when it changes
 * nothing; null when the pair cannot be compared (a line missing or not in the editor's shape).
 */
export function changedFields(change: string | null, request: string | null): LineField[] | null {
  const held = change === null ? null : lineFields(change);
  const asked = request === null ? null : lineFields(request);
  if (!held || !asked) return null;
  return LINE_FIELDS.filter((field) => held[field].text !== asked[field].text);
}
