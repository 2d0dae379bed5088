import { z } from 'zod';
import { ApiError } from '../../services/errors.js';
import { defineRoute } from '../route.js';
import { errorResponse, json } from '../schemas/common.schemas.js';

const HealthResponse = z.object({ status: z.literal('ok'), timestamp: z.iso.datetime() }).meta({ id: 'Health' });

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
];
