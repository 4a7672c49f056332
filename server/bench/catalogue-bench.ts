// Catalogue import benchmark (npm run bench): writes a generated SAM export of the real size (about
// 20,000 AMPs and 100,000 AMPPs, ADR 153) to a temporary folder, imports it into a fresh database, and
// reports the time and the peak resident memory (which must stay well under 300 MB).
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gtinCheckDigit } from '@pharmaradar/shared/gtin';
import { luhnCheckDigit } from '@pharmaradar/shared/cnk';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createLogger } from '../src/lib/log';
import { importExport } from '../src/features/catalogue/catalogue-import/catalogue-import';
import { openFolderSource } from '../src/features/catalogue/catalogue-import/sam-members';
import { createCatalogueRepository } from '../src/features/catalogue/catalogue.repository';
import {
  AMP_TAIL,
  ampHead,
  ampXml,
  nonMedicinalXml,
  refXml,
  SAM_DELIVERY_MODES,
  vmpXml,
} from '../src/demo/sam-export-writer';

export const FULL_CATALOGUE = { amps: 20_000, amppsPerAmp: 5 };

const AMPP = /\n {4}<ns4:Ampp[\s\S]*?<\/ns4:Ampp>/;

async function writeExport(dir: string, amps: number, amppsPerAmp: number): Promise<void> {
  const out = createWriteStream(join(dir, 'AMP-1.xml'));
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(ampHead('99999'));
  let pack = 0;
  for (let a = 0; a < amps; a++) {
    let amp = '';
    for (let p = 0; p < amppsPerAmp; p++, pack++) {
      const six = String(100_000 + pack).padStart(6, '0');
      const twelve = `54${String(pack).padStart(10, '0')}`;
      const xml = ampXml({
        cnk: six + luhnCheckDigit(six),
        ampCode: `SAM${String(a).padStart(6, '0')}-00`,
        ctiExtended: `${String(a).padStart(6, '0')}-${String(p).padStart(2, '0')}`,
        name: { fr: `Produit ${a} 500 mg`, nl: `Product ${a} 500 mg` },
        packName: { fr: `Produit ${a} 500 mg comp. ${p * 10 + 10}`, nl: `Product ${a} tabl. ${p * 10 + 10}` },
        pack: String(p * 10 + 10),
        gtins: [`0${twelve}${gtinCheckDigit(twelve)}`],
        deliveryCode: pack % 3 === 0 ? 'M1' : 'VL',
        status: 'AUTHORIZED',
        vmpCode: String(a % 5000),
        atc: 'N02BE01',
      });
      amp = p === 0 ? xml : amp.replace(/\n {2}<\/ns4:Amp>\n$/, `${AMPP.exec(xml)![0]}\n  </ns4:Amp>\n`);
    }
    await write(amp);
  }
  await write(AMP_TAIL);
  out.end();
  await once(out, 'finish');
  writeFileSync(join(dir, 'REF-1.xml'), refXml(SAM_DELIVERY_MODES, '99999'));
  const vmps = Array.from({ length: 5000 }, (_, i) => ({ code: String(i), name: { fr: `VMP ${i}` } }));
  writeFileSync(join(dir, 'VMP-1.xml'), vmpXml(vmps, '99999'));
  const others = Array.from({ length: 20_000 }, (_, i) => ({
    cnk: String(5_000_000 + i),
    name: { fr: `Produit ${i}` },
    category: 'C',
    producer: 'X',
    commercialStatus: 'M',
  }));
  writeFileSync(join(dir, 'NONMEDICINAL-1.xml'), nonMedicinalXml(others, '99999'));
}

export interface CatalogueBenchResult {
  amps: number;
  ampps: number;
  seconds: number;
  peakRssMb: number;
}

export async function runCatalogueBench(size = FULL_CATALOGUE): Promise<CatalogueBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-bench-'));
  try {
    const exportDir = join(dir, 'export');
    await import('node:fs/promises').then((fs) => fs.mkdir(exportDir));
    await writeExport(exportDir, size.amps, size.amppsPerAmp);
    const db = openDatabase(join(dir, 'bench.db'));
    const log = createLogger({ level: 'silent' });
    migrate(db, { log });
    let peak = process.memoryUsage.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
    const started = performance.now();
    const outcome = await importExport(createCatalogueRepository(db), openFolderSource(exportDir), {
      referenceDate: '2026-01-01',
      now: Date.now,
      log,
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    db.close();
    return { amps: size.amps, ampps: outcome.counts.packs, seconds, peakRssMb: Math.round(peak / 1024 / 1024) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatCatalogueBench(r: CatalogueBenchResult): string {
  return `catalogue import: ${r.amps} AMPs, ${r.ampps} AMPPs in ${r.seconds.toFixed(1)} s, peak RSS ${r.peakRssMb} MB`;
}
