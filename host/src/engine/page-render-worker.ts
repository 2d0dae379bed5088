import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { renderPageImage } from '@docsift/core';
import { renderFailure, type PageRenderReply, type PageRenderRequest } from './page-renderer.js';

// Worker thread entry: renders page images (PDFium raster, sharp encoding) off the API's event loop.
const port = parentPort!;
port.on('message', (request: PageRenderRequest) => {
  void readFile(request.filePath)
    .then((bytes) => renderPageImage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), request.fileType, request.options))
    .then(
      (image) => {
        const reply: PageRenderReply = { id: request.id, image };
        port.postMessage(reply);
      },
      (error: unknown) => port.postMessage(renderFailure(request.id, error)),
    );
});
