import Router from '@koa/router';
import type { AwilixContainer } from 'awilix';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import compose from 'koa-compose';
import type { ZodType } from 'zod';
import type { Config } from '../config/config.js';
import type { FileStore } from '../storage/file-store.js';
import { hasScope } from '../services/principal.js';
import { multipartUpload } from './multipart.js';
import { ApiError, badRequest, forbidden, unauthorized } from '../services/errors.js';
import type { AppState, RouteAuth, RouteCradle, RouteDefinition, RouteHandler, RouteInput, RouteResult } from './route.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const jsonBody = koaBody({ json: true, multipart: false, urlencoded: false, text: false, jsonLimit: '1mb', jsonStrict: true });

function queryOf(ctx: Context): Record<string, string> {
  return ctx.querystring ? Object.fromEntries(new URLSearchParams(ctx.querystring)) : {};
}

function respond(ctx: Context, result: RouteResult): void {
  ctx.status = result.status;
  if (result.headers) for (const [name, value] of Object.entries(result.headers)) ctx.res.setHeader(name, value);
  if (result.body !== undefined) ctx.body = result.body;
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(`The ${where} is not valid.`, {
    issues: result.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}

/** Refuses callers the route does not admit, and cookie-borne state changes from another origin. */
function authorize(ctx: Context & { state: AppState }, auth: RouteAuth, publicOrigin: string): void {
  const principal = ctx.state.principal;
  if (principal?.kind === 'session' && principal.viaCookie && !SAFE_METHODS.has(ctx.method)) {
    const origin = ctx.get('origin');
    if (origin && origin !== publicOrigin) throw forbidden('Cross-origin request refused.', { origin: 'mismatch' });
  }
  if (auth.kind === 'public') return;
  if (!principal) throw unauthorized();
  if (auth.kind === 'any') return;
  if (auth.kind === 'session') {
    if (principal.kind !== 'session') throw unauthorized('This endpoint needs a user session, not an API key.');
    if (auth.managerOnly && principal.role === 'member') throw forbidden('Only organization owners and admins may do this.');
    return;
  }
  if (!hasScope(principal, auth.scope)) {
    throw new ApiError('forbidden', `This operation needs the "${auth.scope}" scope.`, { requiredScope: auth.scope });
  }
}

/**
 * Mounts each route: authorization, validation, then the handler with the caller's identity in its
 * input. One router per method, because a router tests every route's pattern on every request.
 */
export function mountRoutes(
  routes: readonly RouteDefinition[],
  options: { container: AwilixContainer<RouteCradle>; publicUrl: string; uploadDir: string; fileStore: FileStore; limits: Config['limits'] },
): Middleware<AppState> {
  const routers = new Map<string, Router<AppState>>();
  const { publicUrl } = options;
  const publicOrigin = new URL(publicUrl).origin;
  for (const route of routes) {
    const path = route.path.replace(/\{(\w+)\}/g, ':$1');
    const stages: Middleware<AppState>[] = [
      async (ctx, next) => {
        ctx.state.route = route.path;
        authorize(ctx, route.auth, publicOrigin);
        await next();
      },
    ];
    if (route.request?.json) stages.push(jsonBody as unknown as Middleware<AppState>);
    if (route.request?.multipart) {
      const max = options.limits.maxFileBytes;
      const limits = route.request.fileLimits?.(options.limits) ?? { pdf: max, jpeg: max, png: max };
      stages.push(multipartUpload({ uploadDir: options.uploadDir, fileStore: options.fileStore, limits, legacyFormPart: route.request.legacyFormPart }));
    }
    let handler: RouteHandler<unknown, unknown, unknown> | undefined;
    stages.push(async (ctx) => {
      const input = {
        params: parse(route.request?.params, ctx.params, 'path'),
        query: parse(route.request?.query, queryOf(ctx), 'query string'),
        body: parse(route.request?.json, (ctx.request as { body?: unknown }).body, 'request body'),
        principal: ctx.state.principal!,
      };
      handler ??= route.handler(options.container.cradle);
      respond(ctx, await handler(input, ctx));
    });
    const method = route.method.toUpperCase();
    if (!routers.has(method)) routers.set(method, new Router<AppState>());
    routers.get(method)![route.method](path, compose(stages) as Middleware);
  }
  const dispatch = new Map([...routers].map(([method, router]) => [method, router.routes() as unknown as Middleware<AppState>]));
  // HEAD is answered by the GET route (the router registers GET routes for HEAD as well).
  const getRoutes = dispatch.get('GET');
  if (getRoutes) dispatch.set('HEAD', getRoutes);
  const fromMemory = memoryAnswers(routes, options.container, publicOrigin);
  const otherMethods = methodsNotMatched(routes);
  return (ctx, next) => {
    const route = () => {
      const routesOfMethod = dispatch.get(ctx.method);
      return routesOfMethod ? routesOfMethod(ctx, () => otherMethods(ctx, next)) : otherMethods(ctx, next);
    };
    const answered = fromMemory.get(ctx.method)?.(ctx);
    if (!answered) return route();
    if (!(answered instanceof Promise)) return respond(ctx, answered);
    return answered.then((result) => (result ? respond(ctx, result) : route()));
  };
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

/**
 * What answers a request no route of its method took: for a path some route has, 405 with `Allow`
 * (the methods of the route table for that path), or 204 with `Allow` to OPTIONS; else the next
 * middleware (404).
 */
function methodsNotMatched(routes: readonly RouteDefinition[]): (ctx: Context & { state: AppState }, next: () => Promise<unknown>) => Promise<unknown> {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const route of routes) {
    const entry = byPath.get(route.path) ?? { pattern: pathPattern(route.path).pattern, methods: new Set(['OPTIONS']) };
    entry.methods.add(route.method.toUpperCase());
    if (route.method === 'get') entry.methods.add('HEAD');
    byPath.set(route.path, entry);
  }
  return async (ctx, next) => {
    const methods = new Set<string>();
    for (const entry of byPath.values()) if (entry.pattern.test(ctx.path)) for (const method of entry.methods) methods.add(method);
    if (methods.size === 0) return next();
    const allow = METHOD_ORDER.filter((method) => methods.has(method));
    ctx.set('Allow', allow.join(', '));
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      return;
    }
    throw new ApiError('method_not_allowed', `This path does not take ${ctx.method}; it takes ${allow.join(', ')}.`, { allow });
  };
}

/**
 * The path template of the route a request is for, found from the route table: for a request
 * answered before routing (401, 429) or with 405. Routes of the request's method come first.
 */
export function routeTemplateOf(routes: readonly RouteDefinition[]): (method: string, path: string) => string | undefined {
  const patterns = routes.map((route) => ({ method: route.method.toUpperCase(), path: route.path, pattern: pathPattern(route.path).pattern }));
  return (method, path) => {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const matching = patterns.filter((candidate) => candidate.pattern.test(path));
    return (matching.find((candidate) => candidate.method === wanted) ?? matching[0])?.path;
  };
}

/** The route's path as a pattern: each `{name}` one segment, as the router matches it. */
export function pathPattern(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

type MemoryAnswer = RouteResult | null | Promise<RouteResult | null>;

/**
 * Per method, what answers a request from memory before routing (see `answerFromMemory`): the
 * route's pattern, its authorization and its path and query schemas apply as they do in the router.
 */
function memoryAnswers(
  routes: readonly RouteDefinition[],
  container: AwilixContainer<RouteCradle>,
  publicOrigin: string,
): Map<string, (ctx: Context & { state: AppState }) => MemoryAnswer> {
  const byMethod = new Map<string, Array<(ctx: Context & { state: AppState }) => MemoryAnswer>>();
  for (const route of routes) {
    if (!route.answerFromMemory) continue;
    const { pattern, names } = pathPattern(route.path);
    let answer: ((input: RouteInput<unknown, unknown, undefined>) => MemoryAnswer) | undefined;
    const tryRoute = (ctx: Context & { state: AppState }): MemoryAnswer => {
      const match = pattern.exec(ctx.path);
      if (!match) return null;
      ctx.state.route = route.path;
      authorize(ctx, route.auth, publicOrigin);
      let values: Record<string, string>;
      try {
        values = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      } catch {
        return null;
      }
      const params = route.request?.params ? route.request.params.safeParse(values) : undefined;
      const query = route.request?.query ? route.request.query.safeParse(queryOf(ctx)) : undefined;
      if (params?.success === false || query?.success === false) return null;
      answer ??= route.answerFromMemory!(container.cradle);
      return answer({ params: params?.data, query: query?.data, body: undefined, principal: ctx.state.principal! });
    };
    for (const method of route.method === 'get' ? ['GET', 'HEAD'] : [route.method.toUpperCase()]) {
      byMethod.set(method, [...(byMethod.get(method) ?? []), tryRoute]);
    }
  }
  return new Map(
    [...byMethod].map(([method, tries]) => [
      method,
      (ctx: Context & { state: AppState }) => {
        for (const attempt of tries) {
          const result = attempt(ctx);
          if (result) return result;
        }
        return null;
      },
    ]),
  );
}
