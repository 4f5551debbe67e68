import type { NextFunction, Request, Response } from 'express';

/**
 * Headers of every answer under /api, routed or answered from the gateway's caches before routing
 * (views/cached-view-fast-path.ts writes this same list): an answer there belongs to the user who asked
 * (their `me`, their library, their errors), so no shared cache (a CDN, a corporate proxy) may keep or
 * replay it, and the browser does not store it on disk. File downloads set their own caching after this.
 */
export const API_ANSWER_HEADERS: ReadonlyArray<readonly [string, string]> = [['Cache-Control', 'private, no-store']];

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Sets API_ANSWER_HEADERS before anything under /api answers (errors from the body parser and 404s included). */
export function apiAnswerHeaders(req: Request, res: Response, next: NextFunction): void {
  if (isApiPath(req.url)) for (const [name, value] of API_ANSWER_HEADERS) res.setHeader(name, value);
  next();
}
