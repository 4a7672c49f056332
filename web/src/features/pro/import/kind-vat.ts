// Lines without VAT take their product kind's rate once the official catalogue says it (docs/decisions/215):
// right after an import, and again when the network returns for lines imported offline. A VAT already
// on a line, whoever gave it, is never replaced, and a CNK whose kind is unknown stays "VAT to set".
import type { Locale } from '@pharmaradar/shared/locales';
import { kindVatUpdate } from '@pharmaradar/shared/vat-rule';
import { groupLines, proStore } from '../data/pro-store';
import { askCatalogue } from './catalogue-check';

/** Resolves to how many products took their kind's VAT. */
export async function fillVatFromCatalogue(lang: Locale, online: boolean = navigator.onLine): Promise<number> {
  // A product's line is the same in every group holding it (docs/decisions/191), save for a moment after
  // an edit: a CNK with a VAT in any group is left alone, so no group's VAT is overwritten.
  const hasVat = new Set<string>();
  const without = new Set<string>();
  for (const group of await proStore.listGroups())
    for (const line of groupLines(group)) (line.vatPercent === null ? without : hasVat).add(line.cnk);
  const cnks = [...without].filter((cnk) => !hasVat.has(cnk));
  if (cnks.length === 0) return 0;
  if (online) {
    const { facts } = await proStore.officialOf(cnks);
    const unasked = cnks.filter((cnk) => facts.get(cnk)?.kind === undefined);
    if (unasked.length > 0) await askCatalogue(unasked, lang);
  }
  const { facts } = await proStore.officialOf(cnks);
  const updates = cnks.flatMap((cnk) => kindVatUpdate({ cnk, vatPercent: null }, facts.get(cnk)?.kind) ?? []);
  await proStore.saveLines(updates);
  return updates.length;
}
