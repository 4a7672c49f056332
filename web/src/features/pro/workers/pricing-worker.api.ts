// What the pricing worker exposes: the cards of a whole group, and the group's .xlsx export. Inputs
// are validated here, at the boundary, with the shared schemas.
import {
  pricingSettingsSchema,
  priceGroup,
  productPricingInputSchema,
  type PricedRow,
  type PricingSettings,
  type ProductPricingInput,
} from '@pharmaradar/shared';
import * as XLSX from 'xlsx';
import { z } from 'zod';
import { exportFileName } from '../export/export-file-name';
import type { ExportLabels } from '../export/export-labels';
import { writeGroupWorkbook, type MarketStatus } from '../export/xlsx-export';

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ExportProduct = ProductPricingInput & { marketStatus?: MarketStatus };

export type GroupExportRequest = {
  groupName: string;
  settings: PricingSettings;
  /** The user's local day, YYYY-MM-DD. */
  date: string;
  labels: ExportLabels;
  products: readonly ExportProduct[];
};

export type ExportedFile = { fileName: string; mimeType: string; bytes: Uint8Array };

const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
const groupName = z.string().trim().min(1).max(200);

function priceAll(products: readonly ProductPricingInput[], settings: PricingSettings): PricedRow[] {
  return priceGroup(
    products.map((p) => productPricingInputSchema.parse(p)),
    pricingSettingsSchema.parse(settings),
  );
}

export const pricingWorkerApi = {
  priceGroup(products: readonly ProductPricingInput[], settings: PricingSettings): PricedRow[] {
    return priceAll(products, settings);
  },

  exportGroup(request: GroupExportRequest): ExportedFile {
    const date = isoDate.parse(request.date);
    const name = groupName.parse(request.groupName);
    const priced = priceAll(request.products, request.settings);
    const rows = priced.map((row, i) => ({ ...row, marketStatus: request.products[i]?.marketStatus ?? 'ok' }));
    const bytes = writeGroupWorkbook(XLSX, {
      groupName: name,
      settings: pricingSettingsSchema.parse(request.settings),
      date,
      labels: request.labels,
      rows,
    });
    return { fileName: exportFileName(name, date), mimeType: XLSX_MIME_TYPE, bytes };
  },
};

export type PricingWorkerApi = typeof pricingWorkerApi;
