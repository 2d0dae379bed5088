import { z } from 'zod';
import { ApiError } from '../../services/errors.js';
import type { Readiness } from '../../services/health.service.js';
import { defineRoute } from '../route.js';
import { errorResponse, json } from '../schemas/common.schemas.js';

const HealthResponse = z.object({ status: z.literal('ok'), timestamp: z.iso.datetime() }).meta({ id: 'Health' });

const partState = z.enum(['ready', 'not_ready', 'not_used']);
const ReadyResponse = z
  .object({
    status: z.literal('ready'),
    checks: z.object({ database: partState, queue: partState, storage: partState, engine: partState.describe('not_used in a process that runs no document jobs') }),
  })
  .meta({ id: 'Ready' });

/** The readiness answer: 200 when every part this process needs is ready, else 503 naming the parts that are not. */
export function readinessResult({ ready, checks }: Readiness): { status: number; body: Record<string, unknown> } {
  if (ready) return { status: 200, body: { status: 'ready', checks } };
  const notReady = Object.entries(checks)
    .filter(([, state]) => state === 'not_ready')
    .map(([part]) => part);
  throw new ApiError('service_unavailable', `Not ready: ${notReady.join(', ')}.`, { checks, notReady });
}

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/health',
    summary: 'Liveness and database reachability; no authentication',
    tags: ['Service'],
    auth: { kind: 'public' },
    responses: { 200: json(HealthResponse, 'Healthy'), 503: errorResponse('The database is unreachable') },
    handler: ({ healthService }) => async () => {
      if (!(await healthService.databaseReachable())) throw new ApiError('service_unavailable', 'The database is unreachable.');
      return { status: 200, body: { status: 'ok', timestamp: new Date().toISOString() } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/ready',
    summary: 'Readiness of this process: database, queue, file storage and (where jobs run) engine threads; no authentication',
    tags: ['Service'],
    auth: { kind: 'public' },
    responses: {
      200: json(ReadyResponse, 'Every part this process needs is ready'),
      503: errorResponse('A part is not ready: details.notReady names it, details.checks gives every part'),
    },
    handler: ({ healthService }) => async () => readinessResult(await healthService.readiness()),
  }),
];
