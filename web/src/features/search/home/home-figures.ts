/**
 * Products in the bundled demo catalogue (server/src/demo), rounded down: the banner says "150+".
 * Keep it true: lower it if the catalogue shrinks.
 */
export const DEMO_CATALOGUE_SIZE = 150;
