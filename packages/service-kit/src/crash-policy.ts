import { currentRequestContext, type Logger } from './logger.js';

export interface CrashPolicyOptions {
  /** Where the events come from; the process itself outside tests. */
  source?: Pick<NodeJS.Process, 'on'>;
  exit?: (code: number) => void;
}

/**
 * A rejection nobody handled or an exception nobody caught leaves the process in an unknown state:
 * log it once as fatal (with the request id when it happened inside a request), then exit with 1 so
 * the supervisor (compose/k8s restart policy, scripts/dev.mjs natively) starts a clean process.
 */
export function installCrashPolicy(logger: Logger, options: CrashPolicyOptions = {}): void {
  const source = options.source ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let crashed = false;
  const crash = (kind: 'unhandledRejection' | 'uncaughtException') => (error: unknown) => {
    if (crashed) return;
    crashed = true;
    const { requestId, userId, subject } = currentRequestContext();
    logger.fatal({ err: error, kind, requestId, userId, subject }, `${kind}: exiting so the supervisor restarts the process`);
    exit(1);
  };
  source.on('unhandledRejection', crash('unhandledRejection'));
  source.on('uncaughtException', crash('uncaughtException'));
}
