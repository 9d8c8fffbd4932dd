import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface StandInServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

export type StandInHandler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

export function sendJson(response: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` });
  response.end(JSON.stringify(body));
}

/** Lower case, without accents or punctuation: how the stand-ins match what is typed, like the real services. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** An HTTP server on 127.0.0.1 and a free port, for a service the machine cannot reach. */
export async function startStandIn(handler: StandInHandler): Promise<StandInServer> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) request.destroy();
    });
    request.on('end', () => {
      try {
        handler(request, body, response);
      } catch {
        sendJson(response, 500, { error: { message: 'Stand-in failure' } });
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
