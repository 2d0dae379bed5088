import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received. */
  raw: Buffer;
  body: Record<string, unknown>;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** Requests to one path. */
  on(path: string): ReceivedRequest[];
  /** The status to answer the n-th (1-based) request to `path` with; 200 unless set. */
  respond(path: string, status: (n: number) => number): void;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that records every request with its raw body. */
export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const plans = new Map<string, (n: number) => number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, raw, body: JSON.parse(raw.toString('utf8') || 'null') as Record<string, unknown>, at: Date.now() });
      const count = received.filter((entry) => entry.path === path).length;
      response.statusCode = plans.get(path)?.(count) ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (path) => received.filter((entry) => entry.path === path),
    respond: (path, status) => plans.set(path, status),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
