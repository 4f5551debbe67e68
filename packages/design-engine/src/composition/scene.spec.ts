import { describe, expect, it } from '@jest/globals';
import { parsePrompt } from '../brief/prompt-parser.js';
import { box, inside } from '../directions/drawing.js';
import { arrangeScene, placedBox, type PlacedElement } from './arrangement.js';
import { MAX_SCENE_ELEMENTS, readScene, sceneSize, type Scene } from './scene.js';

const scene = (prompt: string) => readScene(parsePrompt(prompt), 'noto');
const names = (found: Scene) => ({
  subject: found.subject?.name,
  props: found.props.map((prop) => prop.name),
  setting: found.setting && (found.setting.kind === 'sun' ? 'sun' : found.setting.illustration.name),
});

describe('reading the scene a prompt names', () => {
  it('draws the grumpy cat with its coffee, not only a cat', () => {
    expect(names(scene('a grumpy cat holding a coffee mug'))).toEqual({
      subject: 'pouting-cat',
      props: ['hot-beverage'],
      setting: undefined,
    });
  });

  it('puts the palm in front of a retro sunset', () => {
    expect(names(scene('retro sunset with palm trees'))).toEqual({ subject: 'palm-tree', props: [], setting: 'sun' });
  });

  it('takes a subject and up to two props, three elements at most with the setting', () => {
    expect(names(scene("'Howdy' cowboy boots and horse, western"))).toEqual({
      subject: 'cowboy-hat-face',
      props: ['horse-face', 'womans-boot'],
      setting: undefined,
    });
    const crowded = scene("fishing dad with a fish and a beer, 'Reel Cool Dad' retro sunset");
    expect(crowded.setting?.kind).toBe('sun');
    expect(sceneSize(crowded)).toBe(MAX_SCENE_ELEMENTS);
  });

  it('draws a place behind the thing in it, and a place alone as the picture', () => {
    expect(names(scene("'Let's Go Camping' tent and forest, green"))).toEqual({ subject: 'tent', props: [], setting: 'evergreen-tree' });
    expect(names(scene("'The Mountains Are Calling' mountain landscape"))).toEqual({
      subject: 'snow-capped-mountain',
      props: [],
      setting: undefined,
    });
  });

  it('has no picture when nothing drawable is named', () => {
    expect(scene("'Okayest Zyxwv Ever'")).toEqual({ subject: undefined, props: [], setting: undefined });
  });
});

describe('arranging a scene per direction', () => {
  const area = box(100, 200, 2100, 1400);
  const full = scene("'Howdy' cowboy boots and horse, western");
  const byRole = (placed: PlacedElement[], role: PlacedElement['role']) => placed.filter((element) => element.role === role).map(placedBox);
  const centreX = (b: { x1: number; x2: number }) => (b.x1 + b.x2) / 2;

  it.each(['grouped', 'centred', 'above'] as const)(
    'keeps every element of a %s scene inside its area, the subject the biggest',
    (arrangement) => {
      const placed = arrangeScene(full, area, arrangement);
      expect(placed).toHaveLength(3);
      for (const element of placed) expect(inside(placedBox(element), area)).toBe(true);
      const [subject] = byRole(placed, 'subject');
      for (const prop of byRole(placed, 'prop')) expect(prop.x2 - prop.x1).toBeLessThan((subject!.x2 - subject!.x1) * 0.7);
    },
  );

  it('groups a sticker (props overlap the subject), flanks the badge subject, sets props beside the picture above the type', () => {
    const overlap = (a: ReturnType<typeof placedBox>, b: ReturnType<typeof placedBox>) =>
      a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
    const grouped = arrangeScene(full, area, 'grouped');
    const [stickerSubject] = byRole(grouped, 'subject');
    for (const prop of byRole(grouped, 'prop')) expect(overlap(prop, stickerSubject!)).toBe(true);
    const centred = arrangeScene(full, area, 'centred');
    const [badgeSubject] = byRole(centred, 'subject');
    expect(Math.abs(centreX(badgeSubject!) - centreX(area))).toBeLessThan(1);
    const [left, right] = byRole(centred, 'prop');
    expect(left!.x2).toBeLessThan(centreX(badgeSubject!));
    expect(right!.x1).toBeGreaterThan(centreX(badgeSubject!));
    const above = arrangeScene(full, area, 'above');
    const [stackedSubject] = byRole(above, 'subject');
    for (const prop of byRole(above, 'prop')) {
      // Beside the subject, standing on its lower half.
      expect(prop.x2 <= stackedSubject!.x1 + 1 || prop.x1 >= stackedSubject!.x2 - 1).toBe(true);
      expect((prop.y1 + prop.y2) / 2).toBeGreaterThan((stackedSubject!.y1 + stackedSubject!.y2) / 2);
    }
  });

  it('draws the setting first (behind) and the subject in front of it', () => {
    const placed = arrangeScene(scene('retro sunset with palm trees'), area, 'above');
    expect(placed[0]).toMatchObject({ kind: 'sun', role: 'setting' });
    expect(placed.findIndex((element) => element.role === 'subject')).toBeGreaterThan(0);
  });

  it('draws nothing for a scene without a subject', () => {
    expect(arrangeScene({ props: [] }, area, 'grouped')).toEqual([]);
  });
});
