import { parentPort } from 'node:worker_threads';
import type { PdfSplitReply, PdfSplitRequest } from './pdf-splitter.js';
import { splitPdf } from './split-pdf.js';

// Worker thread entry: builds split PDFs (pdf-lib parses the whole file) off the API's event loop.
const port = parentPort!;
port.on('message', (request: PdfSplitRequest) => {
  void splitPdf(request.bytes, request.fileType, request.pages).then(
    (pdf) => {
      const reply: PdfSplitReply = { id: request.id, pdf };
      port.postMessage(reply, pdf ? [pdf.buffer as ArrayBuffer] : []);
    },
    (error: unknown) => {
      const reply: PdfSplitReply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply);
    },
  );
});
