import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, at start-up. Every failure names the variable at fault. */
export function parseConfig<T extends z.ZodType>(schema: T, env: Record<string, string | undefined> = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    const message = issue.code === 'invalid_type' && env[variable] === undefined ? 'is required' : issue.message;
    return `${variable}: ${message}`;
  });
  throw new ConfigError(issues);
}

const port = z.coerce.number().int().min(0).max(65535);
const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

export const env = {
  port,
  url,
  databaseUrl: url(['postgres:', 'postgresql:']),
  natsUrl: url(['nats:', 'tls:']).or(z.string().regex(/^[\w.-]+:\d+$/, 'must be a nats:// URL or host:port')),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  optionalString: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value)),
  boolean: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1'),
};

/** Variables every service shares. Each service extends this with its own. */
export const serviceEnvSchema = z.object({
  DATABASE_URL: env.databaseUrl.default('postgres://postgres@127.0.0.1:5432/printloom'),
  NATS_URL: env.natsUrl.default('nats://127.0.0.1:4222'),
  HEALTH_PORT: port.default(0),
  LOG_LEVEL: env.logLevel,
  /** How often deleted accounts whose retention has passed are purged. */
  ACCOUNT_PURGE_INTERVAL_MS: z.coerce.number().int().positive().default(3600_000),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;
