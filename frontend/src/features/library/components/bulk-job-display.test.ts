import { describe, expect, it } from 'vitest';
import { BULK_JOB_MESSAGES } from '@printloom/contracts/bulk-jobs';
import { bulkJobFileName, bulkJobText, bulkJobTitle } from './bulk-job-display';

const job = (overrides: Partial<Parameters<typeof bulkJobText>[0]> = {}) => ({
  action: 'download' as const,
  status: 'running' as const,
  designs: 800,
  processed: 412,
  error: null,
  preset: null,
  ...overrides,
});

describe('a bulk job in words', () => {
  it('says how far it is while it waits and runs', () => {
    expect(bulkJobText(job({ status: 'queued', processed: 0 }))).toBe('Waiting to start: 800 designs…');
    expect(bulkJobText(job())).toBe('Preparing 412 of 800 designs…');
    expect(bulkJobText(job({ action: 'delete' }))).toBe('Deleting 412 of 800 designs…');
    expect(bulkJobText(job({ action: 'unstar', designs: 1, processed: 0 }))).toBe('Unstarring 0 of 1 design…');
  });

  it('says a download or export is done once its ZIP is saved, the others at once', () => {
    const done = job({ status: 'done', processed: 800 });
    expect(bulkJobText(done)).toBe('Saving the ZIP of 800 designs…');
    expect(bulkJobText(done, true)).toBe('800 designs saved as a ZIP.');
    expect(bulkJobText({ ...done, action: 'export', preset: 'mug-11oz' }, true)).toBe('800 print files saved as a ZIP.');
    expect(bulkJobText({ ...done, action: 'star' })).toBe('Starred 800 designs.');
    expect(bulkJobText({ ...done, action: 'delete' })).toBe('Deleted 800 designs.');
  });

  it("gives the server's reason when it failed, or the contracts' message", () => {
    expect(bulkJobText(job({ status: 'failed', error: BULK_JOB_MESSAGES.designsGone }))).toBe(BULK_JOB_MESSAGES.designsGone);
    expect(bulkJobText(job({ status: 'failed' }))).toBe(BULK_JOB_MESSAGES.failed);
  });

  it('is named by its action, preset and size; an export saves under its preset', () => {
    expect(bulkJobTitle(job())).toBe('Download of 800 designs');
    expect(bulkJobTitle(job({ action: 'export', preset: 'mug-11oz' }))).toBe('Export (mug-11oz) of 800 designs');
    expect(bulkJobFileName(job({ action: 'export', preset: 'mug-11oz' }))).toBe('printloom-mug-11oz.zip');
    expect(bulkJobFileName(job())).toBe('printloom-designs.zip');
  });
});
