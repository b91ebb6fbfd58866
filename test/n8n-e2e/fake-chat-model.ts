/**
 * An OpenAI-compatible chat endpoint for tests, on a free loopback port: it records each request (the tools n8n's
 * AI Agent offers the model, with their descriptions) and answers with a plain reply, so the agent calls no tool.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model?: string;
  stream?: boolean;
  tools?: { type: string; function: { name: string; description: string } }[];
}

export interface FakeChatModel {
  /** The base URL an n8n OpenAI credential takes (`…/v1`). */
  url: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

const REPLY = 'Nothing to do.';

function completion(model: string): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** The same answer as server-sent events, for a client that asks to stream. */
function streamed(model: string): string {
  const chunk = (delta: unknown, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  return chunk({ role: 'assistant', content: REPLY }, null) + chunk({}, 'stop') + 'data: [DONE]\n\n';
}

export async function startFakeChatModel(): Promise<FakeChatModel> {
  const requests: ChatRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.endsWith('/chat/completions')) {
        const parsed = JSON.parse(body) as ChatRequest;
        requests.push(parsed);
        const model = parsed.model ?? 'test-model';
        if (parsed.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          return void res.end(streamed(model));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify(completion(model)));
      }
      if (req.url?.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ object: 'list', data: [{ id: 'test-model', object: 'model' }] }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
