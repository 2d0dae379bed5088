import { fileURLToPath } from 'node:url';
import type { PSM, RecognizeOptions, Scheduler, Worker, WorkerParams } from 'tesseract.js';
import type { Logger } from '../../contracts/logger.js';
import type { GrayImage } from '../gray-image.js';
import { toPgm } from '../gray-image.js';
import { parseTsvWords, type OcrWord } from './tsv.js';

/** Recognises words on a gray image; boxes in pixels of that image. */
/**
 * How the engine looks for text: `page` analyses the layout (columns, blocks) of a whole page;
 * `lines` takes the image as one block of text lines, as on a sheet of cropped words.
 */
export type OcrLayout = 'page' | 'lines';

/** What is known of the page before recognition. */
export interface OcrPageHints {
  /**
   * Dust and dropouts all over (a fax): tesseract's heavy noise removal is turned on, which on the
   * thirteen tuning families' faxes read 2% more words right at confidence ≥ 0.5 (4807 against 4717 of 7056).
   */
  speckled?: boolean;
  /** Only these characters can be read (tesseract's whitelist), as where only a number can stand. */
  characters?: string;
}

export interface OcrEngine {
  recognize(image: GrayImage, layout?: OcrLayout, page?: OcrPageHints): Promise<OcrWord[]>;
  close(): Promise<void>;
}

/**
 * tesseract's `fast` English LSTM model, committed with the package (tessdata/README.md says where
 * from and what it costs in accuracy). A local langPath and no cache is what keeps tesseract.js off
 * the network: without it, it fetches from a CDN and can hang forever.
 */
const ENGLISH_MODEL_PATH = fileURLToPath(new URL('../../../tessdata/eng_fast', import.meta.url));

/**
 * Tesseract re-recognises every doubtful line inverted, looking for white-on-black text. Documents
 * here have almost none; skipping it cut CPU time per page by about 17% (3.4 → 2.85 s measured on a
 * 200-dpi statement of repair), and the junk it avoids is all below the confidence floor anyway.
 */
const RECOGNITION_PARAMETERS = { tessedit_do_invert: '0' };

/** tesseract.js's PSM.SINGLE_BLOCK, without loading tesseract.js before the first page needs it. */
const PSM_SINGLE_BLOCK = '6' as PSM;

/** A tesseract.js scheduler over `size` worker threads, created on the first page and ended by `close()`. */
export class TesseractPool implements OcrEngine {
  private scheduler: Promise<Scheduler> | undefined;
  private readonly workers: Worker[] = [];
  private closed = false;
  /** Rejects when the pool closes: a terminated worker never settles the jobs it held. */
  private readonly closing: Promise<never>;
  private rejectPending: (error: Error) => void = () => undefined;

  constructor(
    private readonly size: number,
    private readonly logger: Logger,
  ) {
    this.closing = new Promise<never>((_, reject) => {
      this.rejectPending = reject;
    });
    this.closing.catch(() => undefined);
  }

  async recognize(image: GrayImage, layout: OcrLayout = 'page', page: OcrPageHints = {}): Promise<OcrWord[]> {
    const scheduler = await this.start();
    // Options other than tesseract.js's own are set as tesseract parameters for this job only.
    const options: Partial<RecognizeOptions & WorkerParams> = layout === 'lines' ? { tessedit_pageseg_mode: PSM_SINGLE_BLOCK } : {};
    if (page.speckled) options.textord_heavy_nr = '1';
    if (page.characters) options.tessedit_char_whitelist = page.characters;
    const job = scheduler.addJob('recognize', toPgm(image), options, { tsv: true, text: false, blocks: false });
    const result = await Promise.race([job, this.closing]);
    return parseTsvWords(result.data.tsv ?? '');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.rejectPending(new Error('The OCR pool was closed before the page was recognised.'));
    const starting = this.scheduler;
    this.scheduler = undefined;
    if (starting) await starting.catch(() => undefined);
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate().catch(() => undefined)));
  }

  private start(): Promise<Scheduler> {
    if (this.closed) return Promise.reject(new Error('The OCR pool is closed.'));
    this.scheduler ??= this.createScheduler().catch((error: unknown) => {
      this.scheduler = undefined;
      throw error;
    });
    return this.scheduler;
  }

  private async createScheduler(): Promise<Scheduler> {
    const started = performance.now();
    const { createScheduler, createWorker, OEM } = await import('tesseract.js');
    const scheduler = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: Math.max(1, this.size) }, () =>
        createWorker('eng', OEM.LSTM_ONLY, {
          langPath: ENGLISH_MODEL_PATH,
          cacheMethod: 'none',
          gzip: true,
          errorHandler: (error: unknown) => this.logger.error({ err: error }, 'OCR worker error'),
        }),
      ),
    );
    this.workers.push(...workers);
    // tesseract has read the model into its own structures; the file's copy in the worker's in-memory
    // file system would stay for the worker's life.
    await Promise.all(workers.map((worker) => Promise.all([worker.setParameters(RECOGNITION_PARAMETERS), worker.FS('unlink', ['eng.traineddata'])])));
    for (const worker of workers) scheduler.addWorker(worker);
    this.logger.debug({ workers: workers.length, ms: Math.round(performance.now() - started) }, 'OCR workers started');
    return scheduler;
  }
}
