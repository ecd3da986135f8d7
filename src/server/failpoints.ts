/**
 * Places where a test may stop the process, to kill it there and prove that nothing is lost or
 * half-written (tests/process/faults.test.ts). Off unless SLOTDESK_FAILPOINT names the place: then
 * the process says `FAILPOINT <name>` on standard output and waits there for ever, holding
 * whatever transaction it is in.
 */
export type FailpointName = "demo.load" | "flights.import" | "request.send";

export async function failpoint(name: FailpointName): Promise<void> {
  if (process.env.SLOTDESK_FAILPOINT !== name) return;
  process.stdout.write(`FAILPOINT ${name}\n`);
  await new Promise<never>(() => undefined);
}
