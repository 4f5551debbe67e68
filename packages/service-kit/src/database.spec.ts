import { describe, expect, it } from '@jest/globals';
import { buildDataSourceOptions, sessionOptions } from './database.js';

describe('session settings of a service database', () => {
  it('start every pooled connection with -c name=value, spaces and backslashes escaped', () => {
    expect(sessionOptions({ 'pg_trgm.similarity_threshold': '0.6', jit: 'off' })).toBe('-c pg_trgm.similarity_threshold=0.6 -c jit=off');
    expect(sessionOptions({ application_name: 'a b\\c' })).toBe('-c application_name=a\\ b\\\\c');
    const options = buildDataSourceOptions({ url: 'postgres://x/y', schema: 's', migrations: [], settings: { jit: 'off' } });
    expect(options.extra).toEqual({ max: 10, options: '-c jit=off' });
    expect(buildDataSourceOptions({ url: 'postgres://x/y', schema: 's', migrations: [] }).extra).toEqual({ max: 10 });
  });
});

describe('pool size of a service database', () => {
  it('comes from DATABASE_POOL_SIZE (10 when unset) and sizes the driver pool', async () => {
    const { serviceEnvSchema } = await import('./config.js');
    expect(serviceEnvSchema.parse({}).DATABASE_POOL_SIZE).toBe(10);
    const poolSize = serviceEnvSchema.parse({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE;
    expect(poolSize).toBe(4);
    expect(buildDataSourceOptions({ url: 'postgres://x/y', schema: 's', migrations: [], poolSize }).extra).toEqual({ max: 4 });
    expect(() => serviceEnvSchema.parse({ DATABASE_POOL_SIZE: '0' })).toThrow();
  });
});
