import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes as they arrived. */
  body: Buffer;
}

export type Respond = (request: ReceivedRequest, response: ServerResponse) => void;

/** A real HTTP receiver on 127.0.0.1 that records every request. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly server: Server;

  private constructor(respond: Respond) {
    this.server = createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const request = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks) };
        this.requests.push(request);
        respond(request, response);
      });
    });
  }

  static async start(respond: Respond = (_request, response) => response.writeHead(204).end()): Promise<Receiver> {
    const receiver = new Receiver(respond);
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
