import { describe, expect, it } from 'vitest';
import { daysLeft, expiryBadge, publicationBadges, tileClass } from './asset-display';

const day = 86_400_000;

describe('expiry badge', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('shows only when 7 days or fewer remain', () => {
    expect(expiryBadge(new Date(now + 8 * day).toISOString(), now)).toBeNull();
    expect(expiryBadge(new Date(now + 7 * day).toISOString(), now)).toBe('Expires in 7 day(s)');
    expect(expiryBadge(new Date(now + 0.5 * day).toISOString(), now)).toBe('Expires in 1 day(s)');
  });
});

describe('expiry and backdrop', () => {
  it('counts days left', () => {
    expect(daysLeft(new Date(Date.now() + 6.5 * 86400_000).toISOString())).toBe(7);
    expect(daysLeft(new Date(Date.now() - 1000).toISOString())).toBe(0);
  });

  it('judges white-garment designs on a light backdrop, the rest on a dark one', () => {
    expect(tileClass('a cat, on white background')).toBe('checkerboard');
    expect(tileClass('a cat')).toBe('checkerboard-dark');
  });
});

describe('publication badges', () => {
  it('say Draft and Published, counted per template, and nothing without publications', () => {
    expect(publicationBadges(undefined)).toEqual([]);
    expect(publicationBadges({ drafts: 0, published: 0 })).toEqual([]);
    expect(publicationBadges({ drafts: 1, published: 0 })).toEqual([{ label: 'Draft', description: 'Printify drafts of 1 template' }]);
    expect(publicationBadges({ drafts: 2, published: 3 }).map((badge) => badge.label)).toEqual(['Draft ×2', 'Published ×3']);
  });
});
