import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCall {
  auth: string | undefined;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: Record<string, unknown> } };
  };
}

export interface ChatReply {
  status: number;
  body: unknown;
  /** Answer only after this long (a slow model). */
  delayMs?: number;
}

/** A Chat Completions answer whose message carries `content` (structured output arrives as a JSON string). */
export function chatBody(content: string | null, refusal: string | null = null): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_764_000_000,
    model: 'gpt-6-luna',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 200, completion_tokens: 150, total_tokens: 350 },
  };
}

export const errorBody = (message: string, type: string, code: string | null) => ({ error: { message, type, param: null, code } });

/**
 * Answers like OpenAI's Chat Completions endpoint (its path, its bodies, its errors): a request without
 * a bearer key, a model or a strict JSON schema is refused with a 400 as the API would; each test says
 * how a well-formed request is answered.
 */
export class OpenAiTextStandIn {
  readonly calls: ChatCall[] = [];
  onChat: (call: ChatCall) => ChatReply = () => ({ status: 500, body: errorBody('unscripted', 'server_error', null) });
  private server: http.Server | undefined;

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => this.answer(req, res, raw));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return send(404, errorBody('Unknown path', 'invalid_request_error', null));
    if (!req.headers.authorization?.startsWith('Bearer '))
      return send(401, errorBody('No API key', 'invalid_request_error', 'invalid_api_key'));
    let body: ChatCall['body'];
    try {
      body = JSON.parse(raw) as ChatCall['body'];
    } catch {
      return send(400, errorBody('Invalid JSON', 'invalid_request_error', null));
    }
    const format = body.response_format;
    if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0)
      return send(400, errorBody('model and messages are required', 'invalid_request_error', null));
    if (format?.type !== 'json_schema' || !format.json_schema?.name || format.json_schema.strict !== true || !format.json_schema.schema)
      return send(400, errorBody('response_format must be a strict json_schema', 'invalid_request_error', null));
    const call = { auth: req.headers.authorization, body };
    this.calls.push(call);
    const reply = this.onChat(call);
    // Unref'd: a reply held longer than a test lasts must not keep the test process alive.
    setTimeout(() => {
      if (!res.destroyed) send(reply.status, reply.body);
    }, reply.delayMs ?? 0).unref();
  }
}
