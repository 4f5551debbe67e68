import { describe, expect, it } from '@jest/globals';
import { productClassesOf, READY_PRODUCT_CLASSES } from './trademark-classes.js';

describe('product trademark classes', () => {
  it('name the class of each ready product by its blueprint', () => {
    expect(productClassesOf(12)).toEqual(['025']);
    expect(productClassesOf(68)).toEqual(['021']);
    expect(productClassesOf(282)).toEqual(['016']);
    expect(productClassesOf(553)).toEqual(['018']);
  });

  it('rate a product we have not classified against every ready product class', () => {
    expect(productClassesOf(999_999)).toEqual(['016', '018', '021', '025']);
    expect(READY_PRODUCT_CLASSES).toEqual(['016', '018', '021', '025']);
  });
});
