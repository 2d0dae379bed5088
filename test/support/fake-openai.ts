import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}

/** How the endpoint answers one request: a completion with this content (an object is sent as its JSON), an HTTP error (with this message), or never. */
export type ChatReply = { content: unknown } | { status: number; message?: string } | 'hang';

export interface FakeOpenAi {
  /** The base URL to configure (`http://127.0.0.1:PORT/v1`). */
  baseUrl: string;
  /** Every request received, in order. */
  received: ChatRequest[];
  close: () => Promise<void>;
}

function completion(content: unknown) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_767_225_600,
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

/**
 * An OpenAI-compatible endpoint on 127.0.0.1 answering `POST /v1/chat/completions` with what
 * `reply` says for each request (given the request, with the prompt's messages), and recording
 * every request. Anything else is 404.
 */
export async function startFakeOpenAi(reply: (request: ChatRequest) => ChatReply): Promise<FakeOpenAi> {
  const received: ChatRequest[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const chat: ChatRequest = { method: request.method!, url: request.url!, headers: request.headers, body: JSON.parse(text || '{}') };
      received.push(chat);
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const answer = reply(chat);
      if (answer === 'hang') return;
      if ('status' in answer) {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: answer.message ?? 'The server had an error.', type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(completion(answer.content)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The prompt of a received request: its messages' contents, one after the other. */
export const promptOf = (request: ChatRequest): string => request.body.messages.map((message) => message.content).join('\n');
