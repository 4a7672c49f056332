// Recognising the header row of a pharmacy export in French, Dutch or English, and the role of each
// column. Only the CNK column is required; name, purchase price excl. VAT and VAT are optional.
import { cellText, type SheetCell } from './import-cells';

export type ImportColumnRole = 'cnk' | 'name' | 'price' | 'vat';

/** "Prix d'achat HTVA (€)" -> "prix d achat htva". */
export function normaliseHeader(cell: SheetCell): string {
  return cellText(cell)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Words allowed beside "cnk" in a header, so that a title such as "Export CNK mars" is not taken for one.
const CNK_HEADER_WORDS = new Set(
  'cnk code n no nr num numero nummer number de du le van het produit product 7 chiffres cijfers digits'.split(' '),
);

/** 'CNK', 'Code CNK', 'CNK-code', 'N° CNK', 'CNK nr', 'Numéro CNK (7 chiffres)'... */
export function isCnkHeader(cell: SheetCell): boolean {
  const words = normaliseHeader(cell).split(' ');
  return words.includes('cnk') && words.every((w) => CNK_HEADER_WORDS.has(w));
}

const PRICE =
  /\b(achat|purchase|aankoop|aankoopprijs|inkoop|inkoopprijs|cost|kostprijs|catalogue|catalog|catalogus|buy)\b/;
// A plain "price" column only counts when it says it is excl. VAT: the public price is incl. VAT.
const GENERIC_PRICE = /\b(prix|price|prijs|pa|pu)\b/;
const EXCL_VAT = /\b(htva|ht|hors|excl|exclusief|excluding|ex|zonder|netto|net)\b/;
const INCL_VAT = /\b(tvac|ttc|incl|inclusief|including|met)\b/;
const VAT = /\b(tva|vat|btw|taxe|tax)\b/;
const NAME =
  /\b(nom|name|naam|libelle|designation|description|denomination|produit|product|productnaam|omschrijving|benaming|article|artikel|intitule)\b/;

const CODE = /\b(code|ean|gtin|id|ref|reference)\b/;

function roleOf(header: string): Exclude<ImportColumnRole, 'cnk'> | null {
  if (header === '') return null;
  // A purchase price incl. VAT is not what the engine takes: such a column is left unused.
  if (INCL_VAT.test(header) && (PRICE.test(header) || GENERIC_PRICE.test(header))) return null;
  if (PRICE.test(header)) return 'price';
  if (GENERIC_PRICE.test(header) && EXCL_VAT.test(header)) return 'price';
  if (VAT.test(header) && !GENERIC_PRICE.test(header)) return 'vat';
  if (NAME.test(header) && !CODE.test(header)) return 'name';
  return null;
}

export type ColumnMap = Partial<Record<ImportColumnRole, number>>;

/** Column roles from a header row, or null when no cell names a CNK. */
export function mapHeaderRow(cells: readonly SheetCell[]): ColumnMap | null {
  const cnk = cells.findIndex(isCnkHeader);
  if (cnk < 0) return null;
  const map: ColumnMap = { cnk };
  cells.forEach((cell, index) => {
    const role = index === cnk ? null : roleOf(normaliseHeader(cell));
    if (role && map[role] === undefined) map[role] = index;
  });
  return map;
}
