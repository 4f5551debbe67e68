import type { Risk } from '@printloom/contracts/listings.schemas';
import { RISK_CLASS_NAMES, type RiskClass } from '@printloom/contracts/trademark-classes';

const nameOf = (code: string) => `${RISK_CLASS_NAMES[code as RiskClass] ?? 'class'} (${code})`;

/**
 * The product classes a risk is rated for, as a seller reads them: "rated for mugs (021)", or that the
 * mark is registered for none of the products it would go on (why it is low). Empty for a risk that
 * does not say.
 */
export function ratedForText(risk: Pick<Risk, 'productClasses'>): string {
  if (!risk.productClasses) return '';
  if (risk.productClasses.length === 0) return 'not registered for these products';
  return `rated for ${risk.productClasses.map(nameOf).join(', ')}`;
}
