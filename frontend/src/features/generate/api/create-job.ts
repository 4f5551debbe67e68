import { callApi } from '../../../lib/api-client';

/** Starts a generation of 4 variants (1 credit). The form always asks for transparent, light-garment designs. */
export const createJob = (prompt: string) => callApi('generate', { body: { prompt, options: { transparent: true, dark: false } } });
