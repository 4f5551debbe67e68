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
