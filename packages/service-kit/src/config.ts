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
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

export const env = {
  port,
  url,
  databaseUrl: url(['postgres:', 'postgresql:']),
  /** One server, or several of a cluster separated by commas. */
  natsUrl: z
    .string()
    .refine(
      (value) =>
        value.split(',').every((server) => /^[\w.-]+:\d+$/.test(server.trim()) || url(['nats:', 'tls:']).safeParse(server.trim()).success),
      'must be a nats:// URL or host:port (several separated by commas)',
    ),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  optionalString: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value)),
  /** An http(s) URL, or unset (an empty value counts as unset, as compose passes it). */
  optionalUrl: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), 'must be a URL starting with http:// or https://'),
  boolean: z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
};

/**
 * Secret values written in this repository (code defaults, `.env.example`, compose files): fine on a
 * developer's machine, refused in production. A test keeps this list in sync with those files.
 */
export const DEVELOPMENT_SECRETS: readonly string[] = [
  'printloom-local-development-secret-change-me',
  'change-me-to-a-long-random-string',
  // the production compose check's stand-in .env (infra/compose/test-production.env)
  'test-session-secret-of-sufficient-length-0123456789',
  'test-trial-hash-key-of-sufficient-length-0123456789',
  // the placeholder of infra/k8s/secrets.example.yaml
  'generate-me',
];
export const PRODUCTION_SECRET_MIN_LENGTH = 32;

/** Why a secret cannot serve in production, or undefined when it can. */
export function productionSecretProblem(value: string | undefined): string | undefined {
  if (value === undefined) return 'is required in production (a long random value, e.g. `openssl rand -base64 48`)';
  if (value.length < PRODUCTION_SECRET_MIN_LENGTH) return `must be at least ${PRODUCTION_SECRET_MIN_LENGTH} characters in production`;
  if (DEVELOPMENT_SECRETS.includes(value))
    return 'is a development value written in the repository; set your own long random value in production';
  return undefined;
}

/** NODE_ENV=production turns the development fallbacks (secrets, local payments) into start-up errors. */
export const nodeEnv = z.string().default('development');
export const isProduction = (config: { NODE_ENV: string }) => config.NODE_ENV === 'production';

/** Variables every service shares. Each service extends this with its own. */
export const serviceEnvSchema = z.object({
  NODE_ENV: nodeEnv,
  DATABASE_URL: env.databaseUrl.default('postgres://postgres@127.0.0.1:5432/printloom'),
  /** Connections this process keeps to PostgreSQL (through PgBouncer in production: its budget counts them). */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  NATS_URL: env.natsUrl.default('nats://127.0.0.1:4222'),
  /** The app's own NATS user and its password (checked at start by natsCredentialsOf: both or neither, both in production). */
  NATS_USER: env.optionalString,
  NATS_PASSWORD: env.optionalString,
  HEALTH_PORT: port.default(0),
  LOG_LEVEL: env.logLevel,
  /** Natively each service migrates its schema on start; containers run the one-shot migrate job instead. */
  MIGRATE_ON_START: env.boolean.default(true),
  /** OTLP/HTTP collector (e.g. http://otel-collector:4318): traces are exported only when set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl,
  /** How often deleted accounts whose retention has passed are purged. */
  ACCOUNT_PURGE_INTERVAL_MS: z.coerce.number().int().positive().default(3600_000),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;
