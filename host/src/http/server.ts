import http from 'node:http';
import type Koa from 'koa';
import type { Config } from '../config/config.js';

/** How often the server looks for requests past their timeouts: a tenth of the shorter one, within 250 ms and Node's 30 s. */
function checkingInterval({ headersTimeoutMs, requestTimeoutMs }: Config['server']): number {
  return Math.min(30_000, Math.max(250, Math.floor(Math.min(headersTimeoutMs, requestTimeoutMs) / 10)));
}

/**
 * The HTTP server of the API with its limits: a request must send its headers within
 * `headersTimeoutMs` and all of its body within `requestTimeoutMs` (answered 408 and closed
 * otherwise), an idle keep-alive connection closes after `keepAliveTimeoutMs`, and connections
 * beyond `maxConnections` are closed as they arrive (docs/operations.md, Security).
 */
export function createServer(app: Koa, limits: Config['server']): http.Server {
  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkingInterval(limits),
    },
    app.callback(),
  );
  server.maxConnections = limits.maxConnections;
  server.maxHeadersCount = 200;
  return server;
}
