// What the export worker exposes: the group's .xlsx, written from rows already priced on the main
// thread (ADR 142: a row is priced once). Inputs are validated here, at the boundary.
import { cnkSchema, pricingSettingsSchema } from '@pharmaradar/shared/pricing.schema';
import * as XLSX from 'xlsx';
import { z } from 'zod';
import { exportFileName } from '../export/export-file-name';
import { writeGroupWorkbook, type GroupExport } from '../export/xlsx-export';

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the table hands the worker to write: the same as the workbook's input (rows, labels, sources). */
export type GroupExportRequest = GroupExport;

export type ExportedFile = { fileName: string; mimeType: string; bytes: Uint8Array };

const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
const groupName = z.string().trim().min(1).max(200);
// The row's identity is checked; its card is the shared engine's own output, written as it is.
const exportRowIdentity = z.object({
  cnk: cnkSchema,
  name: z.string().max(300).nullable(),
  official: z.string().max(600).nullable().optional(),
  marketStatus: z.enum(['ok', 'not_found', 'retailer_error', 'invalid_cnk', 'excluded']).optional(),
  card: z.object({}).passthrough(),
});

const priceSource = z.object({
  shops: z.array(z.string().min(1).max(60)).max(20),
  from: z.string().datetime({ offset: true }).nullable(),
  to: z.string().datetime({ offset: true }).nullable(),
  demo: z.boolean().nullable(),
});

export const exportWorkerApi = {
  exportGroup(request: GroupExportRequest): ExportedFile {
    const date = isoDate.parse(request.date);
    const name = groupName.parse(request.groupName);
    for (const row of request.rows) exportRowIdentity.parse(row);
    const bytes = writeGroupWorkbook(XLSX, {
      groupName: name,
      settings: pricingSettingsSchema.parse(request.settings),
      date,
      labels: request.labels,
      rows: request.rows,
      source: priceSource.parse(request.source),
    });
    return { fileName: exportFileName(name, date), mimeType: XLSX_MIME_TYPE, bytes };
  },
};

export type ExportWorkerApi = typeof exportWorkerApi;
