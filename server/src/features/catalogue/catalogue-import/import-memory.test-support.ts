import { createCatalogueRepository } from '../catalogue.repository';
import { importExport } from './catalogue-import';
import { openExportSource } from './sam-members';
import { quietLog, testDb } from './sam-export.test-support';

// Run in a child process by the zip bomb test: imports the export named on the command line into a fresh
// database and prints, as JSON, how it ended and how far the process's peak memory rose during the import.

const kb = () => process.resourceUsage().maxRSS;
const db = testDb();
const before = kb();
let refused: string | null = null;
try {
  await importExport(createCatalogueRepository(db), await openExportSource(process.argv[2]!), {
    referenceDate: '2024-06-01',
    now: Date.now,
    log: quietLog,
  });
} catch (error) {
  refused = (error as Error).message;
}
const heap = process.memoryUsage();
console.log(
  JSON.stringify({ refused, rssBeforeMb: before / 1024, rssPeakMb: kb() / 1024, heapMb: heap.heapUsed / 2 ** 20 }),
);
