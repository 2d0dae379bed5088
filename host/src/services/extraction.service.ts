import { Readable } from 'node:stream';
import { FIELD_TYPES } from '@docsift/core';
import type { Config } from '../config/config.js';
import { decodeCursor, MAX_PAGE_LIMIT, type PageRequest } from '../common/pagination.js';
import type { SubmissionFields, Submitted } from '../common/submission.js';
import type { Upload } from '../common/upload.js';
import { HOST_VERSION } from '../common/version.js';
import type { JobRepository } from '../persistence/job.repository.js';
import { EXTRACTION_SERVICE, type ExtractionFilter, type TemplateRepository } from '../persistence/template.repository.js';
import type { DocumentService } from './document.service.js';
import { notFound, unauthorized } from './errors.js';
import { csvRow, exportHeader } from './extraction-csv.js';
import { extractionConfidence, extractionView, shownResult } from './extraction-view.js';
import type { Principal } from './principal.js';
import { MAX_SUB_FIELDS, MAX_TEMPLATE_FIELDS, type TemplateService } from './template.service.js';

export interface ExtractionSubmission {
  templateId: string;
  webhookUrl?: string;
  metadata?: Record<string, unknown>;
}

export interface ExtractionServiceDeps {
  config: Config;
  documentService: DocumentService;
  templateService: TemplateService;
  templateRepository: TemplateRepository;
  jobRepository: JobRepository;
}

const EXPORT_BATCH = MAX_PAGE_LIMIT;

/**
 * Extractions by a consumer's template (docs/consumer.md). Each is a job of the `b2c` service on
 * the document jobs' queue and engine pool, with a row of its own beside the job row (written in
 * the same transaction): the template's id, version and fields at submission, and the submitter.
 */
export class ExtractionService {
  readonly #deps: ExtractionServiceDeps;

  constructor(deps: ExtractionServiceDeps) {
    this.#deps = deps;
  }

  info(): Record<string, unknown> {
    const { limits, rateLimits } = this.#deps.config;
    return {
      service: 'b2c',
      version: HOST_VERSION,
      endpoints: ENDPOINTS,
      limits: {
        pdfBytes: limits.consumer.pdfBytes,
        imageBytes: limits.consumer.imageBytes,
        maxTemplateFields: MAX_TEMPLATE_FIELDS,
        maxListSubFields: MAX_SUB_FIELDS,
        requestsPerMinute: rateLimits.perAddress,
        extractionsListedPerPage: MAX_PAGE_LIMIT,
      },
      fieldTypes: [...FIELD_TYPES],
    };
  }

  async submit(principal: Principal, upload: Upload, input: ExtractionSubmission, idempotencyKey?: string): Promise<Submitted> {
    if (principal.kind !== 'session') throw unauthorized('Extractions by template need a user session.');
    const template = await this.#deps.templateService.find(principal.organizationId, input.templateId);
    const fields: SubmissionFields = {
      service: EXTRACTION_SERVICE,
      webhookUrl: input.webhookUrl,
      metadata: input.metadata,
      documentType: template.documentType ?? undefined,
    };
    return this.#deps.documentService.submit(principal, upload, fields, idempotencyKey, (job) => [
      this.#deps.templateRepository.extractionInsert({
        jobId: job.id,
        organizationId: job.organizationId,
        userId: principal.userId,
        templateId: template.id,
        templateVersion: template.version,
        fields: template.fields,
        readResult: null,
        correction: null,
        createdAt: job.createdAt,
      }),
    ]);
  }

  async get(principal: Principal, extractionId: string): Promise<Record<string, unknown>> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, extractionId);
    const extraction = job?.service === EXTRACTION_SERVICE ? await this.#deps.templateRepository.findExtraction(job.id) : null;
    if (!job || !extraction) throw notFound('Extraction');
    return extractionView(job, extraction);
  }

  /** One page of the organization's extractions, newest first (common/pagination.ts). */
  async list(principal: Principal, filter: ExtractionFilter, page: PageRequest): Promise<Record<string, unknown>> {
    const { items, nextCursor } = await this.#deps.templateRepository.listExtractions(principal.organizationId, filter, page);
    return { extractions: items.map(({ job, extraction }) => extractionView(job, extraction)), nextCursor };
  }

  remove(principal: Principal, extractionId: string): Promise<void> {
    return this.#deps.documentService.remove(principal, extractionId, EXTRACTION_SERVICE);
  }

  /**
   * The template's completed extractions as CSV (RFC 4180, CRLF), newest first: one row each, the
   * template's current fields as columns (a field an older version did not have stays empty). A
   * corrected extraction's row holds the corrected values and its `correctedAt`.
   */
  async exportCsv(principal: Principal, templateId: string): Promise<{ fileName: string; body: Readable }> {
    const template = await this.#deps.templateService.find(principal.organizationId, templateId);
    const repository = this.#deps.templateRepository;
    async function* rows(): AsyncGenerator<string> {
      yield exportHeader(template.fields);
      let after = null;
      for (;;) {
        const page = await repository.listExtractions(template.organizationId, { templateId, status: 'completed' }, { after, limit: EXPORT_BATCH });
        for (const { job, extraction } of page.items) {
          const { data, fieldDetails } = shownResult(job, extraction);
          const { overall } = extractionConfidence(extraction.fields, data, fieldDetails);
          const values = template.fields.map((field) => data[field.name] ?? null);
          const correctedAt = extraction.correction?.correctedAt ?? null;
          yield csvRow([job.id, job.fileName, job.completedAt?.toISOString() ?? null, extraction.templateVersion, overall, correctedAt, ...values]);
        }
        after = page.nextCursor === null ? null : decodeCursor(page.nextCursor);
        if (!after) return;
      }
    }
    return { fileName: `template-${template.id}.csv`, body: Readable.from(rows()) };
  }
}

const ENDPOINTS = [
  { method: 'GET', path: '/api/b2c/templates', description: "The organization's templates" },
  { method: 'POST', path: '/api/b2c/templates', description: 'Create a template' },
  { method: 'GET', path: '/api/b2c/templates/{templateId}', description: 'One template' },
  { method: 'PUT', path: '/api/b2c/templates/{templateId}', description: 'Replace a template (its version goes up by one)' },
  { method: 'DELETE', path: '/api/b2c/templates/{templateId}', description: 'Delete a template' },
  { method: 'GET', path: '/api/b2c/templates/{templateId}/export', description: "The template's completed extractions as CSV" },
  { method: 'POST', path: '/api/b2c/extract', description: 'Extract a document (multipart file, templateId, webhookUrl?, metadata?)' },
  { method: 'GET', path: '/api/b2c/extract', description: 'This description: endpoints, limits, field types' },
  { method: 'GET', path: '/api/b2c/extractions', description: 'The extractions, newest first (cursor, templateId, status)' },
  { method: 'GET', path: '/api/b2c/extract/{extractionId}', description: 'One extraction: status, data by template field, confidence' },
  { method: 'GET', path: '/api/b2c/extract/{extractionId}/pages/{page}/image', description: "A page of the extraction's file as an image (width, format)" },
  { method: 'DELETE', path: '/api/b2c/extract/{extractionId}', description: 'Delete an extraction, its file and results' },
  { method: 'PUT', path: '/api/b2c/extract/{extractionId}/data', description: 'Correct a completed extraction; the template learns its layout' },
  { method: 'GET', path: '/api/b2c/templates/{templateId}/layouts', description: 'The layouts the template learned from corrections' },
  { method: 'DELETE', path: '/api/b2c/templates/{templateId}/layouts/{layoutId}', description: 'Forget a learned layout' },
];
