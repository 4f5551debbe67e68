// Which Nice classes a product sits in, for the trademark risk check: a live mark matters for the
// product it would go on (a mug collides with marks for mugs, 021, not with marks for shirts only).
// Zod-free, so that the SPA can name the classes without growing its bundle.
// Source: ../shared research "Printify and the marketplaces" (Trademark classes by product).

/** The classes the trademark index keeps and a denylist phrase can name. */
export const RISK_CLASSES = ['009', '016', '018', '021', '025'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

/** What each class covers, in the words a seller knows. */
export const RISK_CLASS_NAMES: Record<RiskClass, string> = {
  '009': 'software and downloads',
  '016': 'posters and paper',
  '018': 'bags and totes',
  '021': 'mugs',
  '025': 'apparel',
};

/**
 * The class of each ready template's product, by Printify blueprint: tee and hoodie (apparel), tote
 * (bags), mug, poster. A ready template's blueprint missing here is a test failure in publishing.
 */
export const BLUEPRINT_CLASSES: Readonly<Record<number, RiskClass>> = {
  12: '025',
  77: '025',
  553: '018',
  68: '021',
  282: '016',
};

/** The classes of every ready template's product: what a hit is rated against when no product is known yet. */
export const READY_PRODUCT_CLASSES: readonly RiskClass[] = [...new Set(Object.values(BLUEPRINT_CLASSES))].sort();

/**
 * The classes a template's product sits in: its blueprint's, or, for a blueprint we have not
 * classified (a seller's own template), those of every ready template (never fewer than we know).
 */
export function productClassesOf(blueprintId: number): RiskClass[] {
  const known = BLUEPRINT_CLASSES[blueprintId];
  return known ? [known] : [...READY_PRODUCT_CLASSES];
}
