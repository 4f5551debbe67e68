import { describe, expect, it } from '@jest/globals';
import { BLUEPRINT_CLASSES } from '@printloom/contracts';
import { READY_TEMPLATES } from './ready-templates.js';

describe('the ready templates', () => {
  it('each name a blueprint whose trademark class is known, so that its risks are rated for its product', () => {
    for (const template of READY_TEMPLATES)
      expect({ template: template.id, classified: template.blueprintId in BLUEPRINT_CLASSES }).toEqual({
        template: template.id,
        classified: true,
      });
  });
});
