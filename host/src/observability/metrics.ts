import type { ProcessResult } from '@docsift/core';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { JobRepository } from '../persistence/job.repository.js';
import type { WebhookRepository } from '../persistence/webhook.repository.js';
import { HOST_VERSION } from '../common/version.js';

const HTTP_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const ENGINE_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];
const ENGINE_STAGES = ['ingest', 'read', 'classify', 'extract', 'validate', 'total'] as const;

export interface MetricsDeps {
  jobRepository: JobRepository;
  webhookRepository: WebhookRepository;
  logger: Logger;
  clock: () => Date;
}

/**
 * The Prometheus metrics of one process (docs/operations.md, Monitoring), in a registry of its own:
 * counters and histograms of what this process did, and, read from the database at each scrape,
 * gauges of the whole service (jobs by state, queue depth and wait, deliveries by status).
 */
export class Metrics {
  readonly #deps: MetricsDeps;
  readonly #registry = new Registry();
  readonly #httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly #httpSeconds: Histogram<'method' | 'route' | 'status'>;
  readonly #rateLimitRefusals: Counter<'reason'>;
  readonly #jobsFinished: Counter<'outcome'>;
  readonly #engineStageSeconds: Histogram<'stage'>;
  readonly #enginePages: Counter<'source'>;
  readonly #jobs: Gauge<'state'>;
  readonly #queueDepth: Gauge<'queue'>;
  readonly #queueOldestSeconds: Gauge<'queue'>;
  readonly #webhookDeliveries: Gauge<'status'>;

  constructor(deps: MetricsDeps) {
    this.#deps = deps;
    const registers = [this.#registry];
    collectDefaultMetrics({ register: this.#registry });
    new Gauge({ name: 'docsift_build_info', help: 'Always 1; the version label says which docsift runs', labelNames: ['version'], registers }).set({ version: HOST_VERSION }, 1);
    const httpLabels = ['method', 'route', 'status'] as const;
    this.#httpRequests = new Counter({ name: 'docsift_http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: httpLabels, registers });
    this.#httpSeconds = new Histogram({
      name: 'docsift_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route template and status',
      labelNames: httpLabels,
      buckets: HTTP_SECONDS_BUCKETS,
      registers,
    });
    this.#rateLimitRefusals = new Counter({ name: 'docsift_rate_limit_refusals_total', help: 'Requests refused with 429, by reason (rate, concurrency)', labelNames: ['reason'], registers });
    this.#jobsFinished = new Counter({ name: 'docsift_jobs_finished_total', help: 'Jobs this process finished, by outcome (completed, failed)', labelNames: ['outcome'], registers });
    this.#engineStageSeconds = new Histogram({
      name: 'docsift_engine_stage_duration_seconds',
      help: "Engine time per pipeline stage of each completed document (stage total: the whole run)",
      labelNames: ['stage'],
      buckets: ENGINE_SECONDS_BUCKETS,
      registers,
    });
    this.#enginePages = new Counter({ name: 'docsift_engine_pages_total', help: 'Pages the engine read, by how their words were read (text, ocr, none)', labelNames: ['source'], registers });
    this.#jobs = new Gauge({ name: 'docsift_jobs', help: 'Jobs kept in the database, by state (whole service)', labelNames: ['state'], registers });
    this.#queueDepth = new Gauge({ name: 'docsift_queue_depth', help: 'Work waiting: pending document jobs and pending webhook deliveries (whole service)', labelNames: ['queue'], registers });
    this.#queueOldestSeconds = new Gauge({
      name: 'docsift_queue_oldest_waiting_seconds',
      help: 'Age of the oldest pending item of each queue, 0 when none waits (whole service)',
      labelNames: ['queue'],
      registers,
    });
    this.#webhookDeliveries = new Gauge({ name: 'docsift_webhook_deliveries', help: 'Webhook deliveries kept in the database, by status (whole service)', labelNames: ['status'], registers });
  }

  /** The content type of `scrape()`'s text. */
  get contentType(): string {
    return this.#registry.contentType;
  }

  /** Every metric in the Prometheus text format, the service-wide gauges read now. */
  async scrape(): Promise<string> {
    await this.#readServiceGauges();
    return this.#registry.metrics();
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.#httpRequests.inc(labels);
    this.#httpSeconds.observe(labels, seconds);
  }

  rateLimitRefused(reason: string): void {
    this.#rateLimitRefusals.inc({ reason });
  }

  jobFinished(outcome: 'completed' | 'failed'): void {
    this.#jobsFinished.inc({ outcome });
  }

  /**
   * A completed engine run: its time per stage and its pages by source. A stage without a timing
   * (an engine stand-in's result) is left out: a metric never fails a job.
   */
  engineRun(result: Pick<ProcessResult, 'timingsMs' | 'pageSources'>): void {
    for (const stage of ENGINE_STAGES) {
      const ms = result.timingsMs[stage];
      if (Number.isFinite(ms)) this.#engineStageSeconds.observe({ stage }, ms / 1000);
    }
    for (const source of result.pageSources) this.#enginePages.inc({ source });
  }

  /** A scrape still answers when the database does not: the gauges are then left out, and the log says why. */
  async #readServiceGauges(): Promise<void> {
    const { jobRepository, webhookRepository, clock } = this.#deps;
    const gauges = [this.#jobs, this.#queueDepth, this.#queueOldestSeconds, this.#webhookDeliveries];
    try {
      const [jobs, deliveries, oldestJob, oldestDelivery] = await Promise.all([
        jobRepository.countByStatus(),
        webhookRepository.countDeliveriesByStatus(),
        jobRepository.oldestCreatedAt('pending'),
        webhookRepository.oldestPendingDeliveryCreatedAt(),
      ]);
      for (const gauge of gauges) gauge.reset();
      const now = clock().getTime();
      const ageSeconds = (since: Date | null) => (since ? Math.max(0, (now - since.getTime()) / 1000) : 0);
      for (const state of ['pending', 'processing', 'completed', 'failed'] as const) this.#jobs.set({ state }, jobs[state] ?? 0);
      for (const status of ['pending', 'delivered', 'failed'] as const) this.#webhookDeliveries.set({ status }, deliveries[status] ?? 0);
      this.#queueDepth.set({ queue: 'documents' }, jobs.pending ?? 0);
      this.#queueDepth.set({ queue: 'webhooks' }, deliveries.pending ?? 0);
      this.#queueOldestSeconds.set({ queue: 'documents' }, ageSeconds(oldestJob));
      this.#queueOldestSeconds.set({ queue: 'webhooks' }, ageSeconds(oldestDelivery));
    } catch (error) {
      for (const gauge of gauges) gauge.reset();
      this.#deps.logger.warn({ err: error }, 'metrics: the service-wide gauges could not be read from the database');
    }
  }
}
