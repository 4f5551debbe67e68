import { describe, expect, it } from '@jest/globals';
import { toStoredJob } from './job.repository.js';

describe('job rows become domain objects', () => {
  it('maps every column to its camelCase field', () => {
    const job = toStoredJob({
      id: 'j1',
      user_id: 'u1',
      prompt: 'a cowboy',
      dark: false,
      transparent: true,
      priority_tier: 2,
      status: 'queued',
      error: null,
      reservation_id: 'r1',
      attempts: 0,
      notice: null,
    });
    expect(job).toEqual({
      id: 'j1',
      userId: 'u1',
      prompt: 'a cowboy',
      dark: false,
      transparent: true,
      priorityTier: 2,
      status: 'queued',
      error: null,
      reservationId: 'r1',
      attempts: 0,
      notice: null,
    });
    expect(Object.keys(job).filter((key) => key.includes('_'))).toEqual([]);
  });
});
