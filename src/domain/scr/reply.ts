/**
 * How a coordinator's reply answers a request (IATA SSIM Chapter 6; shared/domain/SCR.md, "How
 * replies pair with requests"). Pure: it reads two parsed messages and says, for each item of the
 * request, what the coordinator decided — it changes nothing. The server applies the outcomes to
 * the slots (issue 12 item 5).
 *
 * Items of a request: an `N` line (new slot); a `C` line with the `R`/`L` line after it (change
 * of a held slot); a `D` line (delete). `A`/`P`/`Z` answers to offers are items too; only `A`/`P`
 * get a reply.
 *
 * Reply lines are matched to request lines by their **content, never their position**
 * (coordinators reorder lines and answer in several messages):
 * - an echo (`X`, `H`, `W` of a `C`; `X` of a `D`; `U` of an `R`/`L`/`N`) repeats the request
 *   line exactly, only the action letter differs — or, when the coordinator left out its time,
 *   seats or days (the reader warns), carries the same flight designators and period;
 * - a grant (`K`, `T`) or an offer (`O`) carries the same flight designators and period as the
 *   line it answers, and may carry another time: a `K` at another time than asked is
 *   `granted_other_time` (the seeds' `KH`, counted as `diff_time`), and the slot takes the
 *   coordinator's time.
 *
 * Outcomes per kind:
 * - new (`N`): `K`/`T` granted; `U` refused (with any `O` offers);
 * - change (`C`+`R`/`L`): `X` (echo of C) + `K`/`T` granted; `H` + `U` refused (with `O` offers
 *   when the request was `R`); `W` (or `H` alone) on the `C` line: the coordinator does not hold
 *   that slot (`not_found`);
 * - delete (`D`): `X` granted; `U` refused;
 * - no reply line for the item: `pending` (a reply may answer only part of a request).
 * Reply lines that answer no request line are returned in `unanswered`, for the upload to refuse.
 */
import { canonicalDesignator } from "../matching/differences";
import type { ScrDataLine } from "./types";

export type ReplyItemKind = "new" | "change" | "delete" | "offer_answer";

export type ReplyOutcome = "granted" | "granted_other_time" | "refused" | "not_found" | "pending";

export type ReplyItem = {
  kind: ReplyItemKind;
  /** The request's lines of this item: [N], [C, R], [D], [A]. */
  request: ScrDataLine[];
  outcome: ReplyOutcome;
  /** The reply lines that answer it, in the reply's order. */
  reply: ScrDataLine[];
  /** The line the slot takes when granted (the K/T line), else null. */
  granted: ScrDataLine | null;
  /** `O` lines offered instead of what was asked. */
  offers: ScrDataLine[];
};

export type ReplyPairing = {
  items: ReplyItem[];
  /** Reply lines that answer no line of the request. */
  unanswered: ScrDataLine[];
};

const flightOf = (line: ScrDataLine) =>
  `${line.arrival ? canonicalDesignator(line.arrival.flight) : ""}|${line.departure ? canonicalDesignator(line.departure.flight) : ""}`;

/** Which flights on which dates: what a grant or an offer keeps from the line it answers. */
const identityOf = (line: ScrDataLine) => `${flightOf(line)}|${line.from}|${line.to}`;

/** The whole line but its action letter and line number: what an echo repeats. */
const contentOf = (line: ScrDataLine) =>
  JSON.stringify([
    flightOf(line),
    line.from,
    line.to,
    line.days ?? "",
    line.seats,
    line.aircraft,
    line.arrival ? [line.arrival.origin, line.arrival.previous, line.arrival.time] : null,
    line.departure ? [line.departure.time, line.departure.next, line.departure.destination] : null,
    line.service,
  ]);

/** A reply line that left out its time, seats or days (only refusals and deletions may). */
const isPartial = (line: ScrDataLine) =>
  line.seats === null ||
  line.arrival?.time === null ||
  line.departure?.time === null ||
  (line.days === null && line.from !== line.to);

/** Times only: a grant that differs from the request in nothing else is the same slot, retimed. */
const timesOf = (line: ScrDataLine) => `${line.arrival?.time ?? ""}|${line.departure?.time ?? ""}`;

/** The request's items, in its order. */
export function requestItems(request: readonly ScrDataLine[]): Array<{ kind: ReplyItemKind; lines: ScrDataLine[] }> {
  const items: Array<{ kind: ReplyItemKind; lines: ScrDataLine[] }> = [];
  for (let i = 0; i < request.length; i++) {
    const line = request[i];
    if (!line) continue;
    if (line.action === "N") items.push({ kind: "new", lines: [line] });
    else if (line.action === "D") items.push({ kind: "delete", lines: [line] });
    else if (line.action === "A" || line.action === "P" || line.action === "Z") items.push({ kind: "offer_answer", lines: [line] });
    else if (line.action === "C") {
      const next = request[i + 1];
      if (next && (next.action === "R" || next.action === "L")) {
        items.push({ kind: "change", lines: [line, next] });
        i += 1;
      } else {
        items.push({ kind: "change", lines: [line] });
      }
    }
  }
  return items;
}

/** Pairs a reply with the request it answers. */
export function pairReply(request: readonly ScrDataLine[], reply: readonly ScrDataLine[]): ReplyPairing {
  const unused = [...reply];
  const take = (predicate: (line: ScrDataLine) => boolean): ScrDataLine | null => {
    const index = unused.findIndex(predicate);
    if (index < 0) return null;
    const [line] = unused.splice(index, 1);
    return line ?? null;
  };
  const takeAll = (predicate: (line: ScrDataLine) => boolean): ScrDataLine[] => {
    const taken: ScrDataLine[] = [];
    for (let line = take(predicate); line; line = take(predicate)) taken.push(line);
    return taken;
  };
  const echo = (of: ScrDataLine, actions: readonly string[]) =>
    take((line) => actions.includes(line.action) && contentOf(line) === contentOf(of)) ??
    take((line) => actions.includes(line.action) && isPartial(line) && identityOf(line) === identityOf(of));
  const grant = (of: ScrDataLine) =>
    // The exact line first, so of two grants for one flight the one asked for is taken.
    take((line) => (line.action === "K" || line.action === "T") && contentOf(line) === contentOf(of)) ??
    take((line) => (line.action === "K" || line.action === "T") && identityOf(line) === identityOf(of));
  const offersFor = (of: ScrDataLine) => takeAll((line) => line.action === "O" && identityOf(line) === identityOf(of));
  const grantOutcome = (asked: ScrDataLine, granted: ScrDataLine): ReplyOutcome =>
    timesOf(granted) === timesOf(asked) ? "granted" : "granted_other_time";

  const items = requestItems(request).map(({ kind, lines }): ReplyItem => {
    const [first, second] = lines;
    const base = { kind, request: lines, reply: [] as ScrDataLine[], granted: null, offers: [] as ScrDataLine[] };
    if (!first) return { ...base, outcome: "pending" };
    if (kind === "change" && second) {
      const held = echo(first, ["X", "H", "W"]);
      const granted = grant(second);
      const refused = granted ? null : echo(second, ["U"]);
      const offers = offersFor(second);
      const answered = [held, granted ?? refused, ...offers].filter((line): line is ScrDataLine => line !== null);
      const reply = sortByLine(answered);
      if (granted) return { ...base, outcome: grantOutcome(second, granted), reply, granted, offers };
      if (held?.action === "W" || (held?.action === "H" && !refused && offers.length === 0)) {
        return { ...base, outcome: "not_found", reply, offers };
      }
      if (refused || held) return { ...base, outcome: "refused", reply, offers };
      return { ...base, outcome: offers.length > 0 ? "refused" : "pending", reply, offers };
    }
    if (kind === "change") {
      // A C line alone (no R/L after it) asks nothing; only W says the slot is not held.
      const held = echo(first, ["W", "H", "X"]);
      return { ...base, outcome: held?.action === "W" ? "not_found" : "pending", reply: held ? [held] : [] };
    }
    if (kind === "delete") {
      const deleted = echo(first, ["X"]);
      const refused = deleted ? null : echo(first, ["U", "W"]);
      const reply = [deleted ?? refused].filter((line): line is ScrDataLine => line !== null);
      if (deleted) return { ...base, outcome: "granted", reply };
      if (refused) return { ...base, outcome: refused.action === "W" ? "not_found" : "refused", reply };
      return { ...base, outcome: "pending" };
    }
    if (kind === "offer_answer" && first.action === "Z") {
      // The coordinator does not answer a declined offer.
      return { ...base, outcome: "granted" };
    }
    // new, or an accepted offer (A/P): K/T granted, U refused, O offers.
    const granted = grant(first);
    const refused = granted ? null : echo(first, ["U"]);
    const offers = offersFor(first);
    const reply = sortByLine([granted ?? refused, ...offers].filter((line): line is ScrDataLine => line !== null));
    if (granted) return { ...base, outcome: grantOutcome(first, granted), reply, granted, offers };
    if (refused || offers.length > 0) return { ...base, outcome: "refused", reply, offers };
    return { ...base, outcome: "pending" };
  });
  return { items, unanswered: unused };
}

const sortByLine = (lines: ScrDataLine[]) => [...lines].sort((a, b) => a.line - b.line);
