import { expect } from 'chai';
import pino from 'pino';
import { Metrics, type MetricsDeps } from '../../host/src/observability/metrics.js';

describe('host: metrics of an engine run', () => {
  const unreachable = () => Promise.reject(new Error('no database in this test'));
  const deps = {
    jobRepository: { countByStatus: unreachable, oldestCreatedAt: unreachable },
    webhookRepository: { countDeliveriesByStatus: unreachable, oldestPendingDeliveryCreatedAt: unreachable },
    logger: pino({ level: 'silent' }),
    clock: () => new Date(),
  } as unknown as MetricsDeps;

  it('records the stages that have a timing and the pages, and skips a stage without one instead of throwing', async () => {
    const metrics = new Metrics(deps);
    expect(() => metrics.engineRun({ timingsMs: { total: 12 } as never, pageSources: ['ocr', 'text'] })).not.to.throw();
    const text = await metrics.scrape();
    expect(text).to.match(/docsift_engine_stage_duration_seconds_count\{stage="total"\} 1/);
    expect(text).not.to.match(/stage="read"/);
    expect(text).to.match(/source="ocr"\} 1/);
  });
});
