import { beforeEach, describe, expect, it } from 'vitest';
import { BULK_JOB } from '@printloom/contracts/bulk-jobs';
import type { BulkJobView } from '../api/bulk-jobs';
import {
  RESTORE_SETTLED_WITHIN_MS,
  bulkJobSettledAt,
  readDismissedBulkJobs,
  rememberDismissedBulkJob,
  restorableBulkJobs,
} from './bulk-job-restore';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const DAY = 86_400_000;
const settled = (id: string, status: 'done' | 'failed', agoMs: number): BulkJobView => ({
  id,
  action: 'star',
  status,
  batchId: null,
  designs: 10,
  processed: 10,
  preset: null,
  garment: null,
  error: null,
  createdAt: new Date(NOW - agoMs - 60_000).toISOString(),
  expiresAt: new Date(NOW - agoMs + BULK_JOB.keptDays * DAY).toISOString(),
  downloadUrl: null,
});
const moving = (id: string, status: 'queued' | 'running'): BulkJobView => ({ ...settled(id, 'done', 0), status, expiresAt: null });

describe('which bulk jobs the panel shows again', () => {
  it('reads when a settled job finished from its expiry', () => {
    expect(bulkJobSettledAt(settled('a', 'done', 5 * 60_000))).toBe(NOW - 5 * 60_000);
    expect(bulkJobSettledAt(moving('b', 'running'))).toBeNull();
  });

  it('keeps the moving ones and those settled within the hour (its edge included), not dismissed ones, oldest first', () => {
    const listed = [
      moving('queued', 'queued'),
      moving('running', 'running'),
      settled('just-done', 'done', 1000),
      settled('failed-at-the-edge', 'failed', RESTORE_SETTLED_WITHIN_MS),
      settled('dismissed', 'done', 1000),
      settled('too-old', 'done', RESTORE_SETTLED_WITHIN_MS + 1),
    ];
    expect(restorableBulkJobs(listed, new Set(['dismissed']), NOW).map((job) => job.id)).toEqual([
      'failed-at-the-edge',
      'just-done',
      'running',
      'queued',
    ]);
  });
});

describe('dismissed bulk jobs in this browser', () => {
  beforeEach(() => localStorage.clear());

  it('remembers each id once, the last 100, and reads nothing from a broken entry', () => {
    localStorage.setItem('printloom.bulk-jobs.dismissed', '{not json');
    expect(readDismissedBulkJobs()).toEqual(new Set());
    for (let n = 0; n < 105; n++) rememberDismissedBulkJob(`job-${n}`);
    rememberDismissedBulkJob('job-50');
    const dismissed = [...readDismissedBulkJobs()];
    expect(dismissed).toHaveLength(100);
    expect(dismissed[0]).toBe('job-5');
    expect(dismissed.at(-1)).toBe('job-50');
  });
});
