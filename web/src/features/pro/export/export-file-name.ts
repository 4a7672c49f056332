// "<brand>-<group>-<YYYY-MM-DD>.xlsx": the group's own name, letters (accents kept) and digits only. What
// file systems refuse goes, and so does what a mail client, a shell or a shared drive mangles when the
// file is forwarded: dashes like "—", "&", brackets, quotes, "=", "+" (ADR 152).
const NOT_KEPT = /[^\p{L}\p{N}._-]+/gu;
const MAX_GROUP_PART = 60;

export function exportFileName(groupName: string, isoDate: string): string {
  const group = groupName
    .normalize('NFC')
    .replace(NOT_KEPT, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, MAX_GROUP_PART)
    .replace(/^[.-]+|[.-]+$/g, '');
  return group ? `pharmaradar-${group}-${isoDate}.xlsx` : `pharmaradar-${isoDate}.xlsx`;
}
