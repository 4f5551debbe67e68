import type { Request } from 'express';

export interface GatewayRequest extends Request {
  requestId: string;
  rawBody?: Buffer;
}

export function requestIdOf(req: Request): string {
  return (req as GatewayRequest).requestId;
}

export function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').slice(0, 64);
}
