import type { NextFunction, Request, Response } from 'express';
import type { ServiceMetrics } from '@printloom/service-kit';

/**
 * Times every HTTP request by method, route pattern (`/api/jobs/:id`, never the raw path, so the label
 * set stays small) and status. Requests no route matched count as `unmatched` (or `static` for the SPA).
 */
export function httpMetricsMiddleware(metrics: ServiceMetrics) {
  const duration = metrics.histogram('printloom_http_request_duration_seconds', 'HTTP requests through the gateway, by method, route and status', ['method', 'route', 'status']);
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const pattern = (req.route as { path?: string } | undefined)?.path;
      const route = pattern ? `${req.baseUrl}${pattern}` : req.originalUrl.startsWith('/api') ? 'unmatched' : 'static';
      duration.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
