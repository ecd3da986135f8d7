/**
 * What a task in a worker may ask the request thread while it runs: the database lives there (on
 * the embedded database it is that thread's), so a worker that plans a load asks it for each
 * chunk's stored side (loads/previewWork.ts). One question kind today; each is answered by
 * `answer` (pool.ts), in the heavy statements' turn (gate.ts).
 */
import type { MessagePort } from "node:worker_threads";
import type { FlightSource, PlanRow } from "../loads/plan";

export type Question = { kind: "planChunk"; source: FlightSource; listChanges: boolean; records: readonly Record<string, unknown>[] };
export type Answer = PlanRow[];
/** Asks the request thread one question and waits for its answer. */
export type Ask = (question: Question) => Promise<Answer>;

/** A task that asks nothing is given this: asking is a programming error. */
export const askNothing: Ask = () => Promise.reject(new Error("this task may not ask the request thread anything"));

type Reply = { id: number; answer: Answer } | { id: number; error: string };
type Sent = { id: number; question: Question };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isReply = (value: unknown): value is Reply =>
  isObject(value) && typeof value.id === "number" && (Array.isArray(value.answer) || typeof value.error === "string");
const isSent = (value: unknown): value is Sent => isObject(value) && typeof value.id === "number" && isObject(value.question);

/** The worker's side: questions sent over `port`, answers matched by their number. */
export function askOver(port: MessagePort): Ask {
  let next = 0;
  const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  port.on("message", (message: unknown) => {
    if (!isReply(message)) return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if ("answer" in message) waiter.resolve(message.answer);
    else waiter.reject(new Error(message.error));
  });
  return (question) =>
    new Promise<Answer>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      port.postMessage({ id, question } satisfies Sent);
    });
}

/** The request thread's side: each question on `port` answered by `answer`, a failure as its message. */
export function answerOn(port: MessagePort, answer: Ask): void {
  port.on("message", (message: unknown) => {
    if (!isSent(message)) return;
    const { id } = message;
    answer(message.question).then(
      (reply) => port.postMessage({ id, answer: reply } satisfies Reply),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Reply),
    );
  });
}
