/** Reading a live event stream (`GET /api/live/events/`) in API and process tests. */
/** One message of an event stream (`data:` parsed as JSON) with its SSE `id:`, if any. */
export interface StreamMessage {
  id: string | null;
  data: unknown;
}

/**
 * An event stream read over a real socket (app.inject waits for the end of an answer, and a
 * stream has none): the messages as they come, and `next` to wait for one.
 */
export class EventStreamReader {
  readonly messages: StreamMessage[] = [];
  private waiters: Array<() => void> = [];
  private buffer = "";
  private readonly controller = new AbortController();
  status = 0;
  ended = false;
  /** The last SSE `id:` received: what a browser's EventSource sends back as `Last-Event-ID`. */
  lastEventId = "";

  async open(url: string, headers: Record<string, string>): Promise<this> {
    const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: this.controller.signal });
    this.status = response.status;
    const reader = response.body?.getReader();
    if (!reader) return this;
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          this.buffer += decoder.decode(value, { stream: true });
          let end = this.buffer.indexOf("\n\n");
          while (end >= 0) {
            this.take(this.buffer.slice(0, end));
            this.buffer = this.buffer.slice(end + 2);
            end = this.buffer.indexOf("\n\n");
          }
        }
      } catch {
        // aborted
      }
      this.ended = true;
      this.wake();
    })();
    return this;
  }

  private take(block: string): void {
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) id = line.slice(4);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    // As a browser's EventSource: an `id:` line sets what a reconnection sends, data or not.
    if (id !== null) this.lastEventId = id;
    if (data.length === 0) {
      this.wake();
      return;
    }
    this.messages.push({ id, data: JSON.parse(data.join("\n")) });
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** The first message (from `from` on) that `matches`; fails after `timeoutMs`. */
  async next(matches: (message: StreamMessage) => boolean, timeoutMs = 5_000, from = 0): Promise<StreamMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(matches);
      if (found) return found;
      if (this.ended) throw new Error(`the stream ended; received ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such message within ${timeoutMs} ms; received ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the stream's last SSE id satisfies `holds` (a cursor may come after its messages); fails after `timeoutMs`. */
  async idUntil(holds: (lastEventId: string) => boolean, timeoutMs = 5_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!holds(this.lastEventId)) {
      const left = deadline - Date.now();
      if (this.ended || left <= 0) throw new Error(`the stream's last id is ${JSON.stringify(this.lastEventId)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.lastEventId;
  }

  close(): void {
    this.controller.abort();
  }
}

