/** A server-sent event as the stream wrote it. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

export interface Stream {
  events: StreamEvent[];
  /** Waits for an event `test` accepts (rejects after `timeoutMs`). */
  next(test: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

/** Opens `url` as EventSource would (headers such as Last-Event-ID), and collects its events as they come. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body)
    throw new Error(`The stream answered ${response.status}: ${await response.text()}`);
  const events: StreamEvent[] = [];
  let wake = () => {};
  void (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(chunk, { stream: true });
        const blocks = pending.split('\n\n');
        pending = blocks.pop() ?? '';
        for (const block of blocks) {
          const fields = new Map(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
          );
          if (fields.has('data'))
            events.push({ id: fields.get('id'), event: fields.get('event') ?? 'message', data: fields.get('data')! });
        }
        wake();
      }
    } catch {
      // Closed by the test.
    }
  })();
  async function next(test: (event: StreamEvent) => boolean, timeoutMs = 10_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(test);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`No such event in ${timeoutMs} ms; got ${JSON.stringify(events).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }
  return { events, next, close: () => controller.abort() };
}
