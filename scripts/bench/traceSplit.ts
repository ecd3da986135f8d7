/**
 * The split of one click → rows from a Chromium performance trace (issue 35): Playwright's
 * `browser.startTracing` with the DevTools timeline's categories records the page's main thread
 * and its network; this reads, between the click (`bench:click`) and the first rows on screen
 * (`bench:rows`):
 *
 *  - the main thread's time by kind: scripting (JavaScript: React, the grid, the app), compile
 *    (the code's parse and compile), style and layout, paint (paint, layerize, commit), GC, other
 *    (the browser's own task work) and idle (nothing to do: waiting for the network or a frame);
 *  - the phases the app's marks bound (`src/client/perf/marks.ts`), each as wall time and the main
 *    thread's busy time within it: before the read (the view's code, mounting), the read in flight
 *    (request sent → last byte, as the network service saw it), parse (last byte → the answer
 *    decoded into rows: the main thread's JSON parse, and its wait for the thread), the query
 *    cache (decoded → the view renders with them) and render (→ the first rows painted).
 *
 * Events nest (a task holds a function call that holds a layout): each event's own time is its
 * duration less its children's, and an event of no known kind takes its parent's.
 */

/** One event of Chromium's trace format, as much of it as is read here. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; requestId?: string; finishTime?: number } };
}

export type Kind = "scripting" | "compile" | "style+layout" | "paint" | "gc" | "other";
export const KINDS: readonly Kind[] = ["scripting", "compile", "style+layout", "paint", "gc", "other"];

export interface TraceSplit {
  /** Click → rows on screen, in the traced run (tracing costs a little). */
  rows: number;
  /** The main thread's own time by kind, and its idle time, in ms. */
  kinds: Record<Kind | "idle", number>;
  /** Each phase: wall time and the main thread's busy time within it, in ms. */
  phases: Record<Phase, { wall: number; busy: number }>;
}

export type Phase = "before" | "network" | "parse" | "cache" | "render";
export const PHASES: readonly Phase[] = ["before", "network", "parse", "cache", "render"];

/** What the bench asks Chromium to record. */
export const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute"];

const TASKS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

function kindOf(name: string): Kind | null {
  if (/GC|[Gg]arbage|Scavenge|Sweep|Mark(Compact|ing)/.test(name)) return "gc";
  if (/[Cc]ompile|ParseFunction|ParseProgram|parseOnBackground|StreamingCompile|CacheScript|deserialize/.test(name)) return "compile";
  if (/Layout|Style|RecalcStyle|UpdateLayoutTree|HitTest/.test(name)) return "style+layout";
  if (/Paint|Layerize|Commit|Composit|UpdateLayer|Raster|Decode(Image|Lazy)/.test(name)) return "paint";
  if (/FunctionCall|EvaluateScript|evaluateModule|v8\.(callFunction|run|newInstance)|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|MessagePort|V8\./.test(name)) {
    return "scripting";
  }
  if (TASKS.has(name)) return "other";
  return null;
}

const overlap = (start: number, end: number, from: number, to: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));

/**
 * The split of the traced click, from the trace's JSON; `read` names the app's marks
 * (`slotdesk:<read>:…`) and `path` the answer's URL. Null when the trace lacks the bench's marks.
 */
export function splitTrace(json: string, read: string, path: string): TraceSplit | null {
  const parsed: unknown = JSON.parse(json);
  const list: unknown = typeof parsed === "object" && parsed !== null ? Reflect.get(parsed, "traceEvents") : null;
  if (!Array.isArray(list)) return null;
  const events = list
    .filter((event): event is TraceEvent => typeof event === "object" && event !== null && typeof Reflect.get(event, "name") === "string")
    .sort((a, b) => a.ts - b.ts);
  const mark = (name: string, after = 0) => events.find((event) => event.name === name && event.ts >= after);
  const click = mark("bench:click");
  if (!click) return null;
  const rows = mark("bench:rows", click.ts);
  if (!rows) return null;
  const { pid, tid } = click;
  const from = click.ts;
  const to = rows.ts;

  // The main thread's complete events in the window, nested: own time by kind.
  const main = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === "X" && event.dur !== undefined && event.ts < to && event.ts + (event.dur ?? 0) > from)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const kinds: Record<Kind | "idle", number> = { scripting: 0, compile: 0, "style+layout": 0, paint: 0, gc: 0, other: 0, idle: 0 };
  const stack: { end: number; kind: Kind; childTime: number; own: number; start: number }[] = [];
  const close = (frame: (typeof stack)[number]) => {
    kinds[frame.kind] += Math.max(0, frame.own - frame.childTime);
  };
  const tasks: [number, number][] = [];
  for (const event of main) {
    const start = Math.max(event.ts, from);
    const end = Math.min(event.ts + (event.dur ?? 0), to);
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= event.ts) {
      const frame = stack.pop();
      if (frame) close(frame);
    }
    const parent = stack[stack.length - 1];
    // The main thread's tasks are its busy time (an outermost event that is no task, a marker
    // spanning a while, is not).
    if (!parent && TASKS.has(event.name)) tasks.push([start, end]);
    const own = Math.max(0, end - start);
    if (parent) parent.childTime += own;
    stack.push({ end: event.ts + (event.dur ?? 0), kind: kindOf(event.name) ?? parent?.kind ?? "other", childTime: 0, own, start });
  }
  for (const frame of stack.reverse()) close(frame);
  const busy = (a: number, b: number) => tasks.reduce((sum, [start, end]) => sum + overlap(start, end, a, b), 0);
  kinds.idle = to - from - busy(from, to);

  // The phases, from the app's marks and the answer's network events.
  const fetchAt = mark(`slotdesk:${read}:fetch`, from)?.ts ?? from;
  const parsedAt = mark(`slotdesk:${read}:parsed`, fetchAt)?.ts ?? fetchAt;
  const dataAt = mark(`slotdesk:${read}:data`, parsedAt)?.ts ?? parsedAt;
  const sent = events.find((event) => event.name === "ResourceSendRequest" && event.ts >= from - 2_000_000 && (event.args?.data?.url ?? "").includes(path));
  const finish = sent
    ? events.find((event) => event.name === "ResourceFinish" && event.args?.data?.requestId === sent.args?.data?.requestId)
    : undefined;
  const sentAt = sent?.ts ?? fetchAt;
  const lastByte = finish?.args?.data?.finishTime !== undefined ? finish.args.data.finishTime * 1e6 : (finish?.ts ?? sentAt);
  const phase = (a: number, b: number) => ({ wall: Math.max(0, b - a) / 1000, busy: busy(a, b) / 1000 });
  const phases: Record<Phase, { wall: number; busy: number }> = {
    before: phase(from, Math.max(from, Math.min(fetchAt, sentAt))),
    network: phase(sentAt, lastByte),
    parse: phase(Math.max(lastByte, sentAt), parsedAt),
    cache: phase(parsedAt, dataAt),
    render: phase(dataAt, to),
  };
  for (const kind of [...KINDS, "idle" as const]) kinds[kind] /= 1000;
  return { rows: (to - from) / 1000, kinds, phases };
}
