import { isDocsiftError, type AlternativeType, type Docsift, type FieldDetails, type Finding, type PacketResult, type SplitStrategy } from '@docsift/core';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Upload } from '../common/upload.js';
import type { SubmissionFields } from '../common/submission.js';
import type { EnginePool, PdfSplitter } from '../engine/index.js';
import type { Job } from '../persistence/entities/job.entities.js';
import type { JobRepository } from '../persistence/job.repository.js';
import type { FileStore } from '../storage/file-store.js';
import type { DocumentService } from './document.service.js';
import { ApiError, forbidden, isApiError, notFound } from './errors.js';
import type { Principal } from './principal.js';
import type { SplitPdfLinks } from './split-pdf-links.js';
import type { TypeService } from './type.service.js';

/** The legacy `options` part (docs/legacy.md). */
export interface LegacyOptions {
  splitStrategy: SplitStrategy;
  ranges?: Array<[number, number]>;
  confidenceThreshold?: number;
  includeAlternatives?: boolean;
  maxDocuments?: number;
  /** Milliseconds. */
  pageTimeout?: number;
}

/** One document of a packet as the job keeps it (primary layout; the legacy view maps it when read). */
interface StoredPacketDocument {
  documentType: string;
  pages: [number, number];
  confidence: number;
  classificationConfidence: number;
  alternativeTypes: AlternativeType[];
  extractedData: Record<string, unknown> | null;
  fieldDetails: FieldDetails;
  findings: Finding[];
}

/** What a legacy synchronous job keeps as its `extractedData`. */
export interface StoredPacket {
  pageCount: number;
  documents: StoredPacketDocument[];
  /** Parts found beyond `maxDocuments`: located, not extracted. */
  unextractedParts: Array<{ documentType: string; pages: [number, number]; confidence: number }>;
  options: Pick<LegacyOptions, 'confidenceThreshold' | 'includeAlternatives'>;
}

export interface LegacyExtractionDeps {
  config: Config;
  documentService: DocumentService;
  jobRepository: JobRepository;
  fileStore: FileStore;
  enginePool: EnginePool;
  pdfSplitter: PdfSplitter;
  typeService: TypeService;
  docsift: Docsift;
  splitPdfLinks: SplitPdfLinks;
  logger: Logger;
  clock: () => Date;
}

const UNKNOWN = 'unknown';
const FAILURE_MESSAGE = 'The document could not be processed.';

/**
 * The legacy synchronous form of POST /api/documents/extract: the file is split into its documents
 * and each extracted, inside the request, on the engine's threads; the run is a job (kept, listed,
 * deleted and purged like any other), and each part can be fetched as a PDF of its own through a
 * signed link (SplitPdfLinks) until the job is gone.
 */
export class LegacyExtractionService {
  readonly #deps: LegacyExtractionDeps;

  constructor(deps: LegacyExtractionDeps) {
    this.#deps = deps;
  }

  /** Runs the packet within `jobs.legacySyncTimeoutMs` and answers the legacy synchronous response. */
  async extract(principal: Principal, upload: Upload, fields: SubmissionFields, options: LegacyOptions): Promise<Record<string, unknown>> {
    const { config, documentService, jobRepository, enginePool, fileStore, typeService, clock } = this.#deps;
    const job = await documentService.startInRequest(principal, upload, fields);
    const log = this.#deps.logger.child({ jobId: job.id, orgId: job.organizationId });
    const started = clock();
    const limitMs = config.jobs.legacySyncTimeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(syncTimeLimitError(limitMs)), limitMs);
    // The sweeper takes a `processing` row nobody touches for a job whose worker died.
    const heartbeat = setInterval(() => {
      jobRepository.update(job.id, ['processing'], { updatedAt: clock() }).catch((error: unknown) => log.warn({ err: error }, 'heartbeat write failed'));
    }, Math.floor(config.jobs.lockLifetimeMs / 3));
    try {
      const engineOptions = {
        typeHint: job.typeHint ?? undefined,
        extraEntries: await typeService.extraEntries(job.organizationId),
        engine: job.engine,
        now: started.toISOString(),
        splitStrategy: options.splitStrategy,
        ranges: options.ranges,
        maxDocuments: options.maxDocuments,
        pageTimeoutMs: options.pageTimeout,
      };
      const result = await fileStore.withLocalFile(job.fileKey!, (file) => enginePool.processPacket(file, engineOptions, { signal: controller.signal }));
      const packet = storedPacketOf(result, options);
      const done = clock();
      const processingMs = done.getTime() - started.getTime();
      const kept = await jobRepository.finish(
        job.id,
        'completed',
        { progress: 100, fileType: result.fileType, extractedData: packet as unknown as Record<string, unknown>, processingTime: processingMs / 1000, completedAt: done, updatedAt: done },
        [],
      );
      if (!kept) throw notFound('Job');
      log.info({ documents: packet.documents.length, ms: processingMs }, 'legacy synchronous job completed');
      return this.view(job.id, packet, processingMs, done);
    } catch (error) {
      await jobRepository
        .finish(job.id, 'failed', { error: failureMessage(error), updatedAt: clock() }, [])
        .catch((writeError: unknown) => log.warn({ err: writeError }, 'could not record the failure of a legacy synchronous job'));
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
    }
  }

  /**
   * The legacy synchronous response of a stored packet. The split links are signed from the moment
   * the run completed (`signedAt`) and valid for 24 h from then: reading the job again gives the same
   * links, never fresh ones.
   */
  view(jobId: string, packet: StoredPacket, processingMs: number, signedAt: Date): Record<string, unknown> {
    const { docsift, splitPdfLinks } = this.#deps;
    const now = signedAt;
    const threshold = packet.options.confidenceThreshold ?? 0;
    const legacyCode = (typeCode: string) => docsift.registry.plugin(typeCode)?.legacy?.typeCode ?? typeCode;
    const documents = packet.documents.map((document) => {
      const identified = document.documentType !== UNKNOWN && document.confidence >= threshold;
      const legacy = docsift.registry.plugin(document.documentType)?.legacy;
      const item: Record<string, unknown> = {
        documentType: identified ? legacyCode(document.documentType) : UNKNOWN,
        pages: document.pages,
        extractedData: identified && document.extractedData ? (legacy ? legacy.toLegacy(document.extractedData) : document.extractedData) : {},
        confidence: document.confidence,
        splitPdfUrl: splitPdfLinks.url(jobId, document.pages, now),
      };
      if (packet.options.includeAlternatives) {
        item.alternatives = document.alternativeTypes.map((alternative) => ({ documentType: legacyCode(alternative.typeCode), confidence: alternative.confidence }));
      }
      return item;
    });
    const unidentified = documents.filter((document) => document.documentType === UNKNOWN).length;
    const body: Record<string, unknown> = {
      success: true,
      jobId,
      documents,
      metadata: {
        totalPages: packet.pageCount,
        processedDocuments: documents.length - unidentified,
        unidentifiedDocuments: unidentified,
        processingTime: processingMs,
      },
    };
    if (packet.unextractedParts.length > 0) {
      body.unextractedDocuments = packet.unextractedParts.map((part) => ({ documentType: legacyCode(part.documentType), pages: part.pages, confidence: part.confidence }));
    }
    return body;
  }

  /**
   * The part of a job's file a split link names, as a PDF. The link is checked first: a forged or
   * altered one is refused, then an expired one; a valid link to a job since deleted or purged is 404.
   */
  async splitPdf(jobId: string, pages: [number, number], expires: number, signature: string): Promise<Uint8Array> {
    const { splitPdfLinks, jobRepository, fileStore, pdfSplitter, clock } = this.#deps;
    const verdict = splitPdfLinks.verify(jobId, pages, expires, signature, clock());
    if (verdict === 'invalid') throw forbidden('This split PDF address is not valid: it was altered or not issued by this server.', { reason: 'invalid_signature' });
    if (verdict === 'expired') {
      throw forbidden('This split PDF address has expired (they are valid for 24 hours after the run); submit the file again for new ones.', { reason: 'expired' });
    }
    const job: Job | null = await jobRepository.find(jobId);
    if (!job?.fileKey) throw notFound('Job');
    const pdf = await pdfSplitter.split(await fileStore.read(job.fileKey), job.fileType, pages);
    if (!pdf) throw notFound('Page range');
    return pdf;
  }
}

function storedPacketOf(result: PacketResult, options: LegacyOptions): StoredPacket {
  return {
    pageCount: result.pageCount,
    documents: result.documents.map((document) => ({
      documentType: document.documentType,
      pages: document.pages,
      confidence: document.confidence,
      classificationConfidence: document.result.classificationConfidence,
      alternativeTypes: document.result.alternativeTypes,
      extractedData: document.result.extractedData,
      fieldDetails: document.result.fieldDetails,
      findings: document.result.findings,
    })),
    unextractedParts: result.unextractedParts.map((part) => ({ documentType: part.documentType, pages: part.pages, confidence: part.confidence })),
    options: { confidenceThreshold: options.confidenceThreshold, includeAlternatives: options.includeAlternatives },
  };
}

function syncTimeLimitError(limitMs: number): ApiError {
  return new ApiError(
    'service_unavailable',
    `The document was not processed within the synchronous time limit of ${limitMs / 1000} s; submit it without "options" to process it as an asynchronous job.`,
    { reason: 'sync_time_limit', limitMs },
  );
}

/** What the failed job's record says: the caller's error message when it is one, else a generic one. */
function failureMessage(error: unknown): string {
  if (isApiError(error) || isDocsiftError(error)) return error.message;
  return FAILURE_MESSAGE;
}
