/**
 * The one Pro price, in euros a month, VAT included (ADR 156): what the Stripe checkout charges, with no
 * tax added on top. Every page that states it says "VAT included" and never "from".
 */
export const PRO_PRICE_EUR = 30;
