import { describe, expect, it } from 'vitest';
import { nextCardIndex } from './gallery-keys';

describe('nextCardIndex', () => {
  it('moves sideways by one card and up and down by one row', () => {
    expect(nextCardIndex('ArrowRight', 1, 10, 4)).toBe(2);
    expect(nextCardIndex('ArrowLeft', 1, 10, 4)).toBe(0);
    expect(nextCardIndex('ArrowDown', 1, 10, 4)).toBe(5);
    expect(nextCardIndex('ArrowUp', 5, 10, 4)).toBe(1);
  });

  it('stays inside the library at both ends', () => {
    expect(nextCardIndex('ArrowLeft', 0, 10, 4)).toBe(0);
    expect(nextCardIndex('ArrowUp', 2, 10, 4)).toBe(0);
    expect(nextCardIndex('ArrowDown', 8, 10, 4)).toBe(9);
    expect(nextCardIndex('ArrowRight', 9, 10, 4)).toBe(9);
  });

  it('jumps to the first and last card with Home and End', () => {
    expect(nextCardIndex('Home', 7, 10, 4)).toBe(0);
    expect(nextCardIndex('End', 2, 10, 4)).toBe(9);
  });

  it('ignores other keys and an empty library', () => {
    expect(nextCardIndex('a', 1, 10, 4)).toBeNull();
    expect(nextCardIndex('ArrowRight', 0, 0, 4)).toBeNull();
  });
});
