import { describe, expect, it } from '@jest/globals';
import { assessModels } from './model-watch.js';

describe('model shutdown assessment', () => {
  const now = new Date('2026-11-23T18:00:00Z');
  const configured = { image: 'gpt-image-1.5', vision: 'gpt-6-luna' };

  it('warns about a model shutting down within 30 days, with the date and the variable to change', () => {
    const [image, vision] = assessModels(
      [
        { id: 'gpt-image-1.5', shutdown_date: '2026-12-01' },
        { id: 'gpt-6-luna', shutdown_date: null },
      ],
      configured,
      now,
    );
    expect(image).toMatchObject({ level: 'warn', daysLeft: 8, shutdownDate: '2026-12-01' });
    expect(image.message).toBe(
      'The image model gpt-image-1.5 shuts down on 2026-12-01 (in 8 days). Set OPENAI_IMAGE_MODEL to its replacement before then.',
    );
    expect(vision).toMatchObject({ level: 'ok', daysLeft: null });
  });

  it('stays quiet about a shutdown further away than 30 days, but still reports the days left', () => {
    const [, vision] = assessModels([{ id: 'gpt-image-1.5' }, { id: 'gpt-6-luna', shutdown_date: '2027-06-01' }], configured, now);
    expect(vision).toMatchObject({ level: 'ok', daysLeft: 190 });
  });

  it('reports a model missing from the list as an error', () => {
    const [image] = assessModels([{ id: 'gpt-6-luna' }], configured, now);
    expect(image).toMatchObject({ level: 'error', listed: false });
    expect(image.message).toContain('Set OPENAI_IMAGE_MODEL');
  });
});
