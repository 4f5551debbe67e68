import { describe, expect, it } from '@jest/globals';
import { toAssetRef, toStoredAsset, type AssetRow } from './asset.repository.js';

const row: AssetRow = {
  id: '6c1f3c1e-8d52-4c8f-9d1a-3f3b0c8f3e21',
  user_id: '0b7e0d5a-1c1f-4c57-9d8e-2a3b4c5d6e7f',
  job_id: null,
  variant: 'B',
  kind: 'upscaled',
  source_asset_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  prompt: 'a cowboy',
  width: 2048,
  height: 2048,
  starred: true,
  original_size: '5368709120',
  etag: 'abc',
  created_at: new Date('2026-11-23T18:00:00.123Z'),
  expires_at: new Date('2026-12-23T18:00:00Z'),
  background_kept: false,
  drawn_for_dark: true,
  drawn_by: 'engine',
  transparent_asked: null,
  quality: null,
  cursor_ts: '2026-11-23T18:00:00.123456Z',
};

describe('asset rows become domain objects', () => {
  it('maps every column to its camelCase field, the bigint size to a number', () => {
    expect(toStoredAsset(row)).toEqual({
      id: row.id,
      userId: row.user_id,
      jobId: null,
      variant: 'B',
      kind: 'upscaled',
      sourceAssetId: row.source_asset_id,
      prompt: 'a cowboy',
      width: 2048,
      height: 2048,
      starred: true,
      originalSize: 5368709120,
      etag: 'abc',
      createdAt: new Date('2026-11-23T18:00:00.123Z'),
      expiresAt: new Date('2026-12-23T18:00:00Z'),
      backgroundKept: false,
      drawnForDark: true,
      drawnBy: 'engine',
      transparentAsked: null,
      quality: null,
      cursorTimestamp: '2026-11-23T18:00:00.123456Z',
    });
  });

  it('leaves no snake_case key behind', () => {
    expect(Object.keys(toStoredAsset(row)).filter((key) => key.includes('_'))).toEqual([]);
    expect(toAssetRef({ id: 'a', user_id: 'u' })).toEqual({ id: 'a', userId: 'u' });
  });
});
