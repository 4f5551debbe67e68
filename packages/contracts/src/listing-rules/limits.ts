// The marketplaces' text rules, in one object an operator adjusts when a marketplace changes them.
// Zod-free: the SPA imports the validators without growing the landing bundle.
// Sources: docs/../shared research "Seller workflow" A.3 (Etsy's createDraftListing reference, Merch
// by Amazon figures from third-party tools, to be re-checked against the Merch dashboard).
export const LISTING_TARGETS = ['etsy', 'merch', 'generic'] as const;
export type ListingTarget = (typeof LISTING_TARGETS)[number];

/**
 * Listings of the designs of one job (one prompt, four art directions; one collection row is one job):
 * each title differs, led by the direction, and two tag sets share at most this many tags.
 */
export const DISTINCT_LISTINGS = { sharedTagsMax: 8 } as const;

export const LISTING_RULES = {
  etsy: {
    titleMaxChars: 140,
    /** Characters Etsy accepts at most once in a title. */
    titleOnceChars: ['%', ':', '&', '+'],
    tagsMax: 13,
    tagMaxChars: 20,
    descriptionMaxChars: 10_000,
  },
  merch: {
    brandMaxChars: 50,
    titleMaxChars: 60,
    bulletsMax: 2,
    bulletMaxChars: 256,
    descriptionMaxChars: 2000,
    /** Key words Merch leaves in the seller's hands: the listing search terms (Merch has no tags, but we keep them for other uses). */
    tagsMax: 13,
    tagMaxChars: 20,
  },
  generic: {
    titleMaxChars: 140,
    tagsMax: 13,
    tagMaxChars: 20,
    bulletsMax: 5,
    bulletMaxChars: 500,
    descriptionMaxChars: 5000,
    brandMaxChars: 50,
  },
} as const;

/**
 * Words Merch by Amazon's content policy refuses in product text (claims of sales rank, price, shipping
 * or satisfaction). Matched as whole words, case-insensitively. Maintained here: add a phrase when Merch rejects one.
 */
export const MERCH_PROMOTIONAL_PHRASES = [
  'best seller',
  'bestseller',
  'best-selling',
  'top seller',
  '#1',
  'free shipping',
  'discount',
  'cheap',
  'limited time',
  'gift idea',
  'perfect gift',
  'great gift',
  'buy now',
  'money back',
  'guarantee',
  'satisfaction',
] as const;

/**
 * Wording Merch often refuses but that can be fair (a design about a garage sale, a shirt that is cotton):
 * a warning on the listing, not a refused save.
 */
export const MERCH_CAUTION_PHRASES = ['gift for', '100% cotton', 'sale', 'on sale'] as const;

/** Amazon's own marks: Merch refuses them in any field (Amazon is also in MERCH_OTHER_BRANDS's reach). */
export const MERCH_AMAZON_MARKS = ['Amazon', 'Prime', 'Alexa', 'Kindle', 'Echo', 'Fire TV', 'Audible', 'Whole Foods'] as const;

/** Claims of charity or of proceeds going somewhere: Merch refuses them. */
export const MERCH_CHARITY_PHRASES = [
  'charity',
  'charities',
  'charitable',
  'proceeds',
  'donate',
  'donates',
  'donated',
  'donating',
  'donation',
  'donations',
  'fundraiser',
  'fundraising',
  'nonprofit',
  'non-profit',
  'profits go to',
  'portion of profits',
  'portion of sales',
] as const;

/**
 * Brand names a seller's own listing must not use (Merch refuses other brands in any text field). A
 * small maintained list of the names sellers most often slip in; the trademark risk flags cover the rest.
 */
export const MERCH_OTHER_BRANDS = [
  'Nike',
  'Adidas',
  'Disney',
  'Marvel',
  'Pixar',
  'Star Wars',
  'Starbucks',
  'Coca-Cola',
  'Pepsi',
  'Harley-Davidson',
  'Harley Davidson',
  'NFL',
  'NBA',
  'Pokemon',
  'Pokémon',
  'Hello Kitty',
  'Nintendo',
  'PlayStation',
  'Xbox',
  'Gucci',
] as const;
