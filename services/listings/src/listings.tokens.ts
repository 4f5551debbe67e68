export const LISTINGS_CONFIG = Symbol('LISTINGS_CONFIG');
/** The CopyWriter that writes new copy (the OpenAI text model with a key, else the local writer). */
export const COPY_WRITER = Symbol('COPY_WRITER');
/** The offline writer: the fallback when the model fails, is over its ceiling or writes copy that breaks a rule. */
export const LOCAL_COPY_WRITER = Symbol('LOCAL_COPY_WRITER');
export const RISK_ASSESSOR = Symbol('RISK_ASSESSOR');
