import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ART_DIRECTIONS, type VariantLetter } from '@printloom/contracts';

export interface StandInReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Answer only after this long (a slow model). */
  delayMs?: number;
  /** Never answer (the worker that sent it dies). */
  hold?: boolean;
}

export interface ReceivedCall {
  method: string;
  path: string;
  auth: string | undefined;
  body: Record<string, unknown>;
  variant: VariantLetter | null;
}

/**
 * A stand-in that answers like the OpenAI API (its paths, its error bodies, its headers): each test
 * says how each image request is answered, by variant (read from the art direction in the prompt).
 */
export class OpenAiStandIn {
  readonly calls: ReceivedCall[] = [];
  models: Array<{ id: string; object: 'model'; created: number; owned_by: string; shutdown_date?: string | null }> = [];
  onImage: (variant: VariantLetter | null, body: Record<string, unknown>, call: number) => StandInReply | Promise<StandInReply> = () => ({
    status: 500,
    body: errorBody('unscripted', 'server_error', null),
  });
  onChat: (body: Record<string, unknown>) => StandInReply = () => ({ status: 500, body: errorBody('unscripted', 'server_error', null) });
  private server: http.Server | undefined;
  private held: http.ServerResponse[] = [];

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  imageCalls(variant?: VariantLetter): ReceivedCall[] {
    return this.calls.filter((call) => call.path === '/v1/images/generations' && (variant === undefined || call.variant === variant));
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => void this.answer(req, res, raw));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  /** Lets every held request end (with a 500), then stops. */
  async stop(): Promise<void> {
    for (const res of this.held)
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(errorBody('gone', 'server_error', null)));
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = req.url!.split('?')[0];
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    const variant = ART_DIRECTIONS.find((direction) => prompt.includes(direction.prompt))?.variant ?? null;
    const call = { method: req.method!, path, auth: req.headers.authorization, body, variant };
    this.calls.push(call);
    let reply: StandInReply;
    if (req.method === 'GET' && path === '/v1/models') reply = { status: 200, body: { object: 'list', data: this.models } };
    else if (path === '/v1/images/generations') reply = await this.onImage(variant, body, this.imageCalls(variant ?? undefined).length);
    else if (path === '/v1/chat/completions') reply = this.onChat(body);
    else reply = { status: 404, body: errorBody(`Unknown path ${path}`, 'invalid_request_error', 'unknown_url') };
    if (reply.hold) {
      this.held.push(res);
      return;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
  }
}

export function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

export function imageBody(png: Buffer) {
  return {
    created: Math.floor(Date.now() / 1000),
    background: 'transparent',
    output_format: 'png',
    data: [{ b64_json: png.toString('base64') }],
  };
}
