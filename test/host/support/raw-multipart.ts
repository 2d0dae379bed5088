import fs from 'node:fs';
import http from 'node:http';
import { expect } from 'chai';

export const BOUNDARY = '----docsiftraw';

/** The opening of one multipart part: a file part when `fileName` is given, else a text part. */
export function partHead(name: string, fileName?: string, type = 'application/pdf'): Buffer {
  const disposition = fileName ? `form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}` : `form-data; name="${name}"`;
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
}

/** Parts (each a head and its content) closed by the final boundary. */
export function multipartBody(parts: Array<[Buffer, Buffer | string]>): Buffer {
  const pieces = parts.flatMap(([head, content]) => [head, Buffer.from(content), Buffer.from('\r\n')]);
  return Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

export interface RawAnswer {
  status: number;
  body: string;
  /** Bytes of the body written when the answer came. */
  sent: number;
}

/**
 * POSTs `body` as multipart/form-data with a Content-Length of `declaredBytes` (default its
 * length), writes only its first `sendBytes` (default all), and waits for the answer.
 */
export function sendMultipart(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  { sendBytes = body.length, declaredBytes = body.length }: { sendBytes?: number; declaredBytes?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': declaredBytes },
    });
    let sent = 0;
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text, sent });
        req.destroy();
      });
    });
    req.on('error', (error) => (sent < sendBytes ? reject(error) : undefined));
    const pump = () => {
      while (sent < sendBytes) {
        const chunk = body.subarray(sent, Math.min(sendBytes, sent + 65_536));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

/** Waits up to a second for `dir` to be empty, then asserts it is. */
export async function expectEmptySoon(dir: string): Promise<void> {
  for (let i = 0; i < 100 && fs.readdirSync(dir).length > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(fs.readdirSync(dir), 'temporary files').to.deep.equal([]);
}

/**
 * POSTs `body` as multipart/form-data the way a slow, irregular client does: chunks of the sizes
 * `nextChunk` gives, with the pauses (ms) `nextPause` gives between them; resolves on the answer,
 * which may come before the whole body is sent.
 */
export function sendMultipartIrregularly(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  { nextChunk, nextPause }: { nextChunk: () => number; nextPause: () => number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length },
    });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text, sent });
        req.destroy();
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      if (answered || req.destroyed) return;
      if (sent >= body.length) return void req.end();
      const chunk = body.subarray(sent, sent + Math.max(1, nextChunk()));
      sent += chunk.length;
      const pause = nextPause();
      const again = () => (pause > 0 ? setTimeout(pump, pause) : setImmediate(pump));
      if (req.write(chunk)) again();
      else req.once('drain', again);
    };
    pump();
  });
}
