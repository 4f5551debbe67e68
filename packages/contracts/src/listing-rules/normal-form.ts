import type { ListingCopy } from './listing-problem.js';

/**
 * The copy in Unicode's composed form (NFC), as Etsy compares and stores text: a decomposed accent
 * ("e" + U+0301) becomes the one letter "é". Listings are stored and sent in this form, not only checked in it.
 */
export function inNormalForm(copy: ListingCopy): ListingCopy {
  const nfc = (text: string) => text.normalize('NFC');
  return {
    title: nfc(copy.title),
    tags: copy.tags.map(nfc),
    description: nfc(copy.description),
    bullets: copy.bullets.map(nfc),
    brand: nfc(copy.brand),
  };
}
