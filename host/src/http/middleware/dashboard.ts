import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Middleware } from 'koa';
import type { AppState } from '../route.js';

/** The dashboard workspace's build output, `dist/dashboard` of the host package (same depth from src/ and dist/), so the packed host carries it. */
export const DASHBOARD_DIST = fileURLToPath(new URL('../../../dist/dashboard/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

// Styles: the page boxes are positioned with style attributes. Images: the page renders, same origin.
const PAGE_POLICY = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

interface StaticFile {
  body: Buffer;
  gzipped: Buffer | null;
  type: string;
  immutable: boolean;
}

function readBuild(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const urlPath = '/' + path.relative(dir, full).split(path.sep).join('/');
      const type = CONTENT_TYPES[path.extname(entry.name)] ?? 'application/octet-stream';
      const body = fs.readFileSync(full);
      const compressible = type.startsWith('text/') || type.startsWith('application/json') || type === 'image/svg+xml';
      // Vite names built assets by content hash: a new build gives new names.
      files.set(urlPath, { body, gzipped: compressible ? gzipSync(body) : null, type, immutable: urlPath.startsWith('/assets/') });
    }
  };
  walk(dir);
  return files;
}

/**
 * Serves the built dashboard from memory: its files by path, and `index.html` for any other GET
 * of a path outside the API's own prefixes (the dashboard routes in the browser). A path under a
 * prefix of the route table (`/api`, `/docs`) or `/metrics` is never answered here, so it keeps
 * its 404. Without a build (`host/dist/dashboard/index.html` missing) it answers nothing.
 */
export function dashboard({ routePaths, dir = DASHBOARD_DIST }: { routePaths: readonly string[]; dir?: string }): Middleware<AppState> {
  if (!fs.existsSync(path.join(dir, 'index.html'))) return (_ctx, next) => next();
  const files = readBuild(dir);
  const index = files.get('/index.html')!;
  const reserved = new Set(['metrics', ...routePaths.map((routePath) => routePath.split('/')[1]!)]);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (reserved.has(ctx.path.split('/')[1]!)) return next();
    const file = files.get(ctx.path) ?? (path.extname(ctx.path) === '' ? index : undefined);
    if (!file) return next();
    ctx.state.route = '/';
    ctx.res.setHeader('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (file === index) ctx.res.setHeader('Content-Security-Policy', PAGE_POLICY);
    ctx.vary('Accept-Encoding');
    ctx.type = file.type;
    if (file.gzipped && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = file.gzipped;
    } else {
      ctx.body = file.body;
    }
  };
}
