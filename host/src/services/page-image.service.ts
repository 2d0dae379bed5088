import { createHash } from 'node:crypto';
import type { PageImageFormat } from '@docsift/core';
import type { Config } from '../config/config.js';
import { isPageRenderError, type PageRenderer } from '../engine/page-renderer.js';
import type { Job } from '../persistence/entities/job.entities.js';
import type { JobRepository } from '../persistence/job.repository.js';
import { EXTRACTION_SERVICE } from '../persistence/template.repository.js';
import type { FileStore } from '../storage/file-store.js';
import { ApiError, notFound } from './errors.js';
import { ANALYSIS_TASK_SERVICE } from './job-surfaces.js';
import type { Principal } from './principal.js';

/** Bumped when the rendering changes, so clients holding an ETag of the old rendering get the new one. */
const RENDER_REVISION = 1;
const CONTENT_TYPES: Record<PageImageFormat, string> = { png: 'image/png', webp: 'image/webp' };

export interface PageImageRequest {
  /** 1-based. */
  page: number;
  width: number;
  format: PageImageFormat;
  /** The request's If-None-Match header. */
  ifNoneMatch?: string;
}

/** The image, or (`image` null) that the caller's copy with this ETag is current. */
export interface PageImageAnswer {
  etag: string;
  contentType: string;
  image: Uint8Array | null;
}

export interface PageImageServiceDeps {
  config: Config;
  jobRepository: JobRepository;
  fileStore: FileStore;
  pageRenderer: PageRenderer;
}

/**
 * A job's page as an image, turned upright as the engine read it (docs/api.md, "Page images"), so
 * the page-fraction boxes of `fieldDetails` fall on it. The stored file never changes; the ETag
 * covers the page, size, format and the way the page was read, so a copy stays valid until the job
 * completes with a rotation the pending job did not have.
 */
export class PageImageService {
  readonly #deps: PageImageServiceDeps;

  constructor(deps: PageImageServiceDeps) {
    this.#deps = deps;
  }

  async render(principal: Principal, jobId: string, request: PageImageRequest): Promise<PageImageAnswer> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, jobId);
    // The surfaces GET /api/documents/extract/{jobId} reads (document-service.ts, getJson).
    if (!job || job.service === EXTRACTION_SERVICE || job.service === ANALYSIS_TASK_SERVICE) throw notFound('Job');
    return this.#renderPage(job, request);
  }

  /** A page of a consumer extraction (GET /api/b2c/extract/{extractionId}/pages/{page}/image). */
  async renderExtraction(principal: Principal, extractionId: string, request: PageImageRequest): Promise<PageImageAnswer> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, extractionId);
    if (!job || job.service !== EXTRACTION_SERVICE) throw notFound('Extraction');
    return this.#renderPage(job, request);
  }

  async #renderPage(job: Job, request: PageImageRequest): Promise<PageImageAnswer> {
    if (!job.fileKey) throw fileGone();
    const geometry = job.pages?.[request.page - 1];
    const turn = { rotation: geometry?.rotation ?? 0, deskewAngle: geometry?.deskewAngle ?? 0 };
    const etag = etagOf(job, request, turn);
    const contentType = CONTENT_TYPES[request.format];
    if (request.ifNoneMatch && matches(request.ifNoneMatch, etag)) return { etag, contentType, image: null };
    try {
      const options = { page: request.page, width: request.width, format: request.format, ...turn, maxPixels: this.#deps.config.engine.maxPixels };
      const rendered = await this.#deps.fileStore.withLocalFile(job.fileKey, (file) => this.#deps.pageRenderer.render(file, job.fileType, options));
      return { etag, contentType, image: rendered.bytes };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fileGone();
      if (!isPageRenderError(error)) throw error;
      if (error.code === 'invalid_argument') {
        throw new ApiError('not_found', `Page ${request.page} not found: the document has ${String(error.details.pageCount)} page(s).`, { pageCount: error.details.pageCount });
      }
      if (error.code === 'file_missing') throw fileGone();
      throw new ApiError('conflict', `The stored file cannot be rendered: ${error.message}`, { reason: error.code });
    }
  }
}

function fileGone(): ApiError {
  return new ApiError('conflict', "The job's file is no longer stored (deleted or purged); its pages cannot be shown.", { reason: 'file_gone' });
}

function etagOf(job: Job, request: PageImageRequest, turn: { rotation: number; deskewAngle: number }): string {
  const key = [RENDER_REVISION, job.id, job.fileKey, request.page, request.width, request.format, turn.rotation, turn.deskewAngle].join('\u0000');
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match: `*`, or a list of entity tags (weak ones compared weakly, RFC 9110 13.1.2). */
function matches(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
