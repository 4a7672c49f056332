import { proCatalogueResponseSchema, type ProCatalogueResponse } from '@pharmaradar/shared/pro-catalogue.schema';
import type { Locale } from '@pharmaradar/shared/locales';
import { api } from '../../lib/api/client';

/** What the official catalogue says of `cnks` (POST /api/pro/catalogue/, docs/decisions/161): no shop asked, free. */
export function fetchProCatalogue(cnks: readonly string[], lang: Locale): Promise<ProCatalogueResponse> {
  return api.post('/pro/catalogue/', { cnks, lang }, { schema: proCatalogueResponseSchema });
}
