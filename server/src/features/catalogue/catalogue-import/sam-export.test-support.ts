import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { openDatabase, type Db } from '../../../db/database';
import { migrate } from '../../../db/migrate';
import { createLogger } from '../../../lib/log';

// Small SAM exports written by hand from the format's public description: the SAM v2 export XSD
// (SMALS, export/SamExport.xsd and the files it includes, version 3.4) and the xsd=5 export's element
// order, with fragments of real files read by public importers (docs/decisions/153). Each file binds the
// prefixes it was seen with: they differ per file, so only namespaces can be trusted.

const URN = 'urn:be:fgov:ehealth:samws:v2';
export const quietLog = createLogger({ level: 'silent' });

export function testDb(): Db {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'catalogue-')), 'test.db'));
  migrate(db, { log: quietLog });
  return db;
}

export const REF_XML = `<?xml version="1.0" encoding="UTF-8"?>
<ns3:ExportReferences xmlns="${URN}:refdata" xmlns:ns2="${URN}:core" xmlns:ns3="${URN}:export" version="5.0" SamId="12035">
  <AtcClassification code="N02BE01"><Description>Paracetamol</Description></AtcClassification>
  <DeliveryModus code="M1"><Description><ns2:Fr>Prescription médicale</ns2:Fr><ns2:Nl>Medisch voorschrift</ns2:Nl><ns2:En>Medical prescription</ns2:En></Description></DeliveryModus>
  <DeliveryModus code="M3 + M4"><Description><ns2:Fr>Prescription médicale simple</ns2:Fr><ns2:Nl>Medisch voorschrift</ns2:Nl></Description></DeliveryModus>
  <DeliveryModus code="M3+M4"><Description><ns2:Fr>Prescription spéciale et restreinte</ns2:Fr><ns2:Nl>Bijzonder en beperkt voorschrift</ns2:Nl></Description></DeliveryModus>
  <DeliveryModus code="V"><Description><ns2:Fr>Délivrance libre</ns2:Fr><ns2:Nl>Vrije aflevering</ns2:Nl><ns2:En>Free delivery</ns2:En></Description></DeliveryModus>
  <DeliveryModusSpecification code="H"><Description>Délivrance en pharmacie hospitalière</Description></DeliveryModusSpecification>
</ns3:ExportReferences>
`;

/**
 * REF with the same codes but the free-delivery mode worded differently from what the importer looks
 * for: what a change of wording in a real export would look like (same shape as REF_XML).
 */
export const REF_XML_REWORDED = REF_XML.replace(
  '<ns2:Fr>Délivrance libre</ns2:Fr><ns2:Nl>Vrije aflevering</ns2:Nl><ns2:En>Free delivery</ns2:En>',
  '<ns2:Fr>Pas de prescription requise</ns2:Fr><ns2:Nl>Geen voorschrift vereist</ns2:Nl><ns2:En>No prescription required</ns2:En>',
);

export const VMP_XML = `<?xml version="1.0" encoding="UTF-8"?>
<ns3:ExportVirtualMedicines xmlns="${URN}:core" xmlns:ns2="${URN}:virtual:common" xmlns:ns3="${URN}:export" xmlns:ns4="${URN}:refdata" version="5.0" SamId="12035">
  <ns3:Vtm code="1"><ns3:Data from="2010-01-01"><ns2:Name><Fr>paracétamol</Fr></ns2:Name></ns3:Data></ns3:Vtm>
  <ns3:Vmp code="16378">
    <ns3:Data from="2016-10-01" to="2019-09-15"><ns2:Name><Fr>Ancien nom</Fr><Nl>Oude naam</Nl></ns2:Name></ns3:Data>
    <ns3:Data from="2019-09-16"><ns2:Name><Fr>Paracétamol 500 mg comp.</Fr><Nl>Paracetamol 500 mg tabl.</Nl></ns2:Name><ns2:Abbreviation><Fr>Paracétamol 500 mg comp.</Fr><Nl>Paracetamol 500 mg tabl.</Nl></ns2:Abbreviation>
      <ns3:VmpGroup ProductId="x" code="15313"><ns3:Data from="2016-10-01"><ns2:Name><Fr>Groupe</Fr></ns2:Name></ns3:Data></ns3:VmpGroup></ns3:Data>
    <ns3:VmpComponent code="16378"><ns3:Data from="2016-10-01"><ns2:PhaseNumber>1</ns2:PhaseNumber></ns3:Data></ns3:VmpComponent>
  </ns3:Vmp>
</ns3:ExportVirtualMedicines>
`;

export const NONMEDICINAL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<ns3:ExportNonMedicinal xmlns="${URN}:core" xmlns:ns2="${URN}:nonmedicinal:common" xmlns:ns3="${URN}:export" version="5.0" SamId="12035">
  <ns3:NonMedicinalProduct ProductId="p" code="886552">
    <ns3:Data from="2024-03-01"><ns2:Name><Fr>Crème solaire SPF 50</Fr><Nl>Zonnecrème SPF 50</Nl></ns2:Name><ns2:Category>C</ns2:Category><ns2:CommercialStatus>M</ns2:CommercialStatus><ns2:Producer><Fr>SunLab</Fr><Nl>SunLab</Nl></ns2:Producer></ns3:Data>
  </ns3:NonMedicinalProduct>
  <ns3:NonMedicinalProduct ProductId="q" code="4886553">
    <ns3:Data from="2024-03-01"><ns2:Name><Fr>Lotion retirée</Fr></ns2:Name><ns2:Category>C</ns2:Category><ns2:CommercialStatus>I</ns2:CommercialStatus><ns2:Producer><Fr>X</Fr></ns2:Producer></ns3:Data>
  </ns3:NonMedicinalProduct>
</ns3:ExportNonMedicinal>
`;

interface AmpOptions {
  /** The free pack's second (future-dated) slice's text: what a wrong slice rule would show. */
  futurePack?: string;
  /** Replaces the Dafalgan pack's name (a second import's change). */
  dafalganName?: string;
}

/** The AMP file: default actual:common, ns2 core, ns3 company, ns4 export, ns5 refdata (as seen). */
export function ampXml(options: AmpOptions = {}): string {
  const name = options.dafalganName ?? 'Dafalgan 500 mg comp. 30';
  return `<?xml version="1.0" encoding="UTF-8"?>
<ns4:ExportActualMedicines xmlns="${URN}:actual:common" xmlns:ns2="${URN}:core" xmlns:ns3="${URN}:company:submit" xmlns:ns4="${URN}:export" xmlns:ns5="${URN}:refdata" version="5.0" SamId="12035">
  <ns4:Amp code="SAM000001-00" vmpCode="16378">
    <ns4:Data from="2017-09-19"><OfficialName>Dafalgan</OfficialName><Status>AUTHORIZED</Status>
      <Name><ns2:Fr>Dafalgan 500 mg</ns2:Fr><ns2:Nl>Dafalgan 500 mg</ns2:Nl><ns2:De>Dafalgan 500 mg</ns2:De></Name>
      <BlackTriangle>false</BlackTriangle><MedicineType>ALLOPATHIC</MedicineType>
      <ns4:Company actorNr="01028"><ns4:Data from="2000-01-01"><ns3:Denomination>UPSA</ns3:Denomination><ns3:Language>FR</ns3:Language></ns4:Data></ns4:Company>
      <FutureField>ignored</FutureField>
    </ns4:Data>
    <ns4:AmpComponent sequenceNr="1" vmpComponentCode="16378"><ns4:Data from="2000-01-01"/></ns4:AmpComponent>
    <ns4:Ampp ctiExtended="000001-01">
      <ns4:Data from="${'2030-01-01'}"><AuthorisationNr>BE1</AuthorisationNr><Orphan>false</Orphan><PackDisplayValue>${options.futurePack ?? '60'}</PackDisplayValue><Status>AUTHORIZED</Status><ns4:DeliveryModus code="V"/></ns4:Data>
      <ns4:Data from="2010-01-01" to="2015-12-31"><AuthorisationNr>BE1</AuthorisationNr><Orphan>false</Orphan><PackDisplayValue>10</PackDisplayValue><Status>AUTHORIZED</Status><ns4:DeliveryModus code="M1"/></ns4:Data>
      <ns4:Data from="1961-07-01" to="1961-07-01"><AuthorisationNr>BE1</AuthorisationNr><Orphan>false</Orphan><PackDisplayValue>1</PackDisplayValue><Status>REVOKED</Status><ns4:DeliveryModus code="M1"/></ns4:Data>
      <ns4:Data from="2016-01-01" to="2029-12-31"><AuthorisationNr>BE1</AuthorisationNr><Orphan>false</Orphan><LeafletLink>https://x.be/?a=1&amp;b=2</LeafletLink>
        <PackDisplayValue>30</PackDisplayValue><Status>AUTHORIZED</Status>
        <PrescriptionNameFamhp><ns2:Fr>${name}</ns2:Fr><ns2:Nl>Dafalgan 500 mg tabl. 30</ns2:Nl></PrescriptionNameFamhp>
        <FMDProductCode>05400000000010</FMDProductCode><FMDProductCode>15400000000017</FMDProductCode><FMDInScope>false</FMDInScope>
        <ns4:Atc code="N02BE01"><ns5:Description>Paracetamol</ns5:Description></ns4:Atc>
        <ns4:DeliveryModus code="V"><ns5:Description><ns2:Fr>Délivrance libre</ns2:Fr><ns2:Nl>Vrije aflevering</ns2:Nl></ns5:Description></ns4:DeliveryModus>
      </ns4:Data>
      <ns4:Commercialization><ns4:Data from="2011-09-21"/></ns4:Commercialization>
      <ns4:Dmpp ProductId="a" deliveryEnvironment="H" code="0708289" codeType="CNK"><ns4:Data from="2010-01-01"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>
      <ns4:Dmpp ProductId="b" deliveryEnvironment="P" code="9999999" codeType="PSEUDO"><ns4:Data from="2010-01-01"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>
      <ns4:Dmpp ProductId="c" deliveryEnvironment="P" code="0046128" codeType="CNK">
        <ns4:Data from="2022-06-01" to="2022-06-30"><Reimbursable>false</Reimbursable></ns4:Data>
        <ns4:Data from="2019-04-01" to="2022-05-31"><Reimbursable>false</Reimbursable></ns4:Data>
        <ns4:Data from="2022-07-01"><Price>7.9700</Price><Reimbursable>true</Reimbursable></ns4:Data>
      </ns4:Dmpp>
    </ns4:Ampp>
    <ns4:Ampp ctiExtended="000001-02">
      <ns4:Data from="2016-01-01"><AuthorisationNr>BE1</AuthorisationNr><Orphan>false</Orphan><PackDisplayValue>100</PackDisplayValue><Status>SUSPENDED</Status><ns4:DeliveryModus code="V"/></ns4:Data>
      <ns4:Dmpp ProductId="d" deliveryEnvironment="P" code="0046129" codeType="CNK"><ns4:Data from="2016-01-01"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>
    </ns4:Ampp>
  </ns4:Amp>
  <ns4:Amp code="SAM000002-00">
    <ns4:Data from="2017-01-01"><OfficialName>Strong</OfficialName><Status>REVOKED</Status><Name><ns2:Fr>Strong 10 mg</ns2:Fr></Name><BlackTriangle>false</BlackTriangle><MedicineType>ALLOPATHIC</MedicineType></ns4:Data>
    <ns4:Ampp ctiExtended="000002-01">
      <ns4:Data from="2016-01-01"><AuthorisationNr>BE2</AuthorisationNr><Orphan>false</Orphan><PackDisplayValue>20</PackDisplayValue><Status>AUTHORIZED</Status><ns4:DeliveryModus code="M3 + M4"/></ns4:Data>
      <ns4:Dmpp ProductId="e" deliveryEnvironment="P" code="1111111" codeType="CNK"><ns4:Data from="2016-01-01"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>
    </ns4:Ampp>
    <ns4:Ampp ctiExtended="000002-02">
      <ns4:Data from="2016-01-01"><AuthorisationNr>BE2</AuthorisationNr><Orphan>false</Orphan><PackDisplayValue>40</PackDisplayValue><Status>AUTHORIZED</Status><ns4:DeliveryModus code="M3+M4"/></ns4:Data>
      <ns4:Dmpp ProductId="f" deliveryEnvironment="P" code="1111112" codeType="CNK"><ns4:Data from="2016-01-01"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>
    </ns4:Ampp>
    <ns4:Ampp ctiExtended="000002-03">
      <ns4:Data from="2016-01-01"><AuthorisationNr>BE2</AuthorisationNr><Orphan>false</Orphan><PackDisplayValue>50</PackDisplayValue><Status>AUTHORIZED</Status><ns4:DeliveryModus code="M3  +M4"/></ns4:Data>
      <ns4:Dmpp ProductId="g" deliveryEnvironment="P" code="1111113" codeType="CNK"><ns4:Data from="2016-01-01"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>
    </ns4:Ampp>
  </ns4:Amp>
  <ns4:Amp code="SAM000003-00">
    <ns4:Data from="2000-01-01" to="2010-12-31"><OfficialName>Gone</OfficialName><Name><ns2:Fr>Expired product</ns2:Fr></Name><BlackTriangle>false</BlackTriangle><MedicineType>ALLOPATHIC</MedicineType></ns4:Data>
    <ns4:Ampp ctiExtended="000003-01">
      <ns4:Data from="2000-01-01"><AuthorisationNr>BE3</AuthorisationNr><Orphan>false</Orphan><Status>AUTHORIZED</Status><ns4:DeliveryModus code="V"/></ns4:Data>
      <ns4:Dmpp ProductId="h" deliveryEnvironment="P" code="2222222" codeType="CNK"><ns4:Data from="2000-01-01"><Reimbursable>false</Reimbursable></ns4:Data></ns4:Dmpp>
    </ns4:Ampp>
  </ns4:Amp>
</ns4:ExportActualMedicines>
`;
}

export interface Member {
  name: string;
  text: string;
}

export function exportMembers(amp = ampXml(), ref = REF_XML): Member[] {
  return [
    { name: 'AMP-1667395273070.xml', text: amp },
    { name: 'REF-1667395561910.xml', text: ref },
    { name: 'VMP-1667395000000.xml', text: VMP_XML },
    { name: 'NONMEDICINAL-1667395565095.xml', text: NONMEDICINAL_XML },
    { name: 'RMB-1667395000001.xml', text: '<not-read/>' },
  ];
}

export function writeFolder(members: Member[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sam-folder-'));
  for (const m of members) writeFileSync(join(dir, m.name), m.text);
  return dir;
}

/** What one deflated member's ZIP headers state; `offset` is where its local header starts. */
export interface ZipMemberHeader {
  name: Buffer;
  crc: number;
  packedSize: number;
  /** The uncompressed size declared (a zip bomb may lie about it). */
  size: number;
  offset: number;
  /** Flags the name as UTF-8 (general purpose bit 11). */
  utf8: boolean;
}

/**
 * A member's local header and its central directory entry, each to be followed by the name. The entry
 * repeats the local header's fields at its own offsets: the ZIP format states them twice.
 */
export function zipHeaders(m: ZipMemberHeader): { local: Buffer; entry: Buffer } {
  const flags = m.utf8 ? 0x0800 : 0;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(flags, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(m.crc, 14);
  local.writeUInt32LE(m.packedSize, 18);
  local.writeUInt32LE(m.size, 22);
  local.writeUInt16LE(m.name.length, 26);
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(20, 4);
  entry.writeUInt16LE(20, 6);
  entry.writeUInt16LE(flags, 8);
  entry.writeUInt16LE(8, 10);
  entry.writeUInt32LE(m.crc, 16);
  entry.writeUInt32LE(m.packedSize, 20);
  entry.writeUInt32LE(m.size, 24);
  entry.writeUInt16LE(m.name.length, 28);
  entry.writeUInt32LE(m.offset, 42);
  return { local, entry };
}

/** The end of central directory record: `count` members, the directory's size and where it starts. */
export function zipEnd(count: number, dirSize: number, dirOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(dirOffset, 16);
  return end;
}

/** A plain ZIP (deflate, central directory at the end), members in the order given. */
export function zipBytes(members: Member[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const data = Buffer.from(m.text, 'utf8');
    const packed = deflateRawSync(data);
    const name = Buffer.from(m.name, 'utf8');
    const { local, entry } = zipHeaders({
      name,
      crc: crc32(data),
      packedSize: packed.length,
      size: data.length,
      offset,
      utf8: true,
    });
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(central);
  return Buffer.concat([...locals, dir, zipEnd(members.length, dir.length, offset)]);
}

export function writeZip(members: Member[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sam-zip-')), 'sam-12035.zip');
  writeFileSync(file, zipBytes(members));
  return file;
}
