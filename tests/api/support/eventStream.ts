import type { TestApp } from './testApp.ts';

export interface Frame {
  id?: string;
  event: string;
  data: string;
}

export interface EventStream {
  frames: Frame[];
  waitFor(test: (frame: Frame) => boolean, timeout?: number): Promise<Frame>;
  close(): void;
  /** Whether the server ended the stream. */
  ended(): boolean;
}

/** Starts the test app on a free local port (event streams need a real socket): answers its base URL. */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * An SSE client over fetch, signed in with `token`, on the test app listening at `baseUrl` (coming back
 * after `lastEventId` when given): the frames it received so far, and a way to wait for one. Resolves once
 * the stream says it receives every event.
 */
export async function openEventStream(
  t: TestApp,
  baseUrl: string,
  token: string,
  lastEventId?: string,
): Promise<EventStream> {
  const { json } = await t.request('POST', '/api/events/ticket', { token });
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events?ticket=${encodeURIComponent(json.ticket)}`, {
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`The event stream answered ${response.status}.`);
  if (!response.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new Error(`The event stream is ${response.headers.get('content-type')}.`);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':') || block.startsWith('retry')) continue;
          const frame: Frame = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            if (field === 'id') frame.id = rest.join(': ');
            else if (field === 'event') frame.event = rest.join(': ');
            else if (field === 'data') frame.data = rest.join(': ');
          }
          frames.push(frame);
          waiters.splice(0).forEach((wake) => wake());
        }
      }
      ended = true;
    } catch {
      // Aborted.
    }
  })();
  async function waitFor(test: (frame: Frame) => boolean, timeout = 5_000): Promise<Frame> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = frames.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No such frame; got ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  await waitFor((frame) => frame.event === 'ready');
  return { frames, waitFor, close: () => controller.abort(), ended: () => ended };
}
