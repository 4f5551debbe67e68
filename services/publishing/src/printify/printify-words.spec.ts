import { describe, expect, it } from '@jest/globals';
import { libraryMockupsOf } from './mockup-choice.js';
import { printifyProductUrl, reasonText, withPrintifyReason } from './printify-words.js';

describe("Printify's words for a seller", () => {
  it('reads errors.reason as a string or as an object of field messages', () => {
    expect(reasonText('Image has low quality')).toBe('Image has low quality');
    expect(reasonText({ limit: ['The limit may not be greater than 50.'] })).toBe('limit: The limit may not be greater than 50.');
    expect(reasonText({ title: 'Title contains excessive caps', tags: ['Too many', 'tags'] })).toBe(
      'title: Title contains excessive caps; tags: Too many tags',
    );
    expect(reasonText(undefined)).toBeNull();
    expect(reasonText({})).toBeNull();
    expect(withPrintifyReason('Printify refused this product.', 'Image has low quality')).toBe(
      'Printify refused this product. Printify says: “Image has low quality”',
    );
    expect(withPrintifyReason('Printify refused this product.', null)).toBe('Printify refused this product.');
  });

  it("opens a product on Printify's product page", () => {
    expect(printifyProductUrl('https://printify.com/app/product-details/{id}', '5d39b411749d0a000f30e0f4')).toBe(
      'https://printify.com/app/product-details/5d39b411749d0a000f30e0f4',
    );
  });

  it('brings the default front mockup of each enabled colour into the library, at most 12', () => {
    const images = [
      { src: 'white-side', variant_ids: [1, 2], position: 'front', is_default: false },
      { src: 'white-front', variant_ids: [1, 2], position: 'front', is_default: true },
      { src: 'white-other', variant_ids: [1, 2], position: 'other', is_default: false },
      { src: 'black-front', variant_ids: [4, 3], position: 'front', is_default: true },
      { src: 'black-back', variant_ids: [3, 4], position: 'back', is_default: false },
    ];
    expect(libraryMockupsOf(images)).toEqual(['white-front', 'black-front']);
    const many = Array.from({ length: 20 }, (_, index) => ({
      src: `c${index}`,
      variant_ids: [index],
      position: 'front',
      is_default: true,
    }));
    expect(libraryMockupsOf(many)).toHaveLength(12);
  });
});
