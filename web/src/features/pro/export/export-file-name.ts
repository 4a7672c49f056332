// "<brand>-<group>-<YYYY-MM-DD>.xlsx": the group's own name (accents kept), minus what file systems refuse.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
const MAX_GROUP_PART = 60;

export function exportFileName(groupName: string, isoDate: string): string {
  const group = groupName
    .normalize('NFC')
    .replace(FORBIDDEN, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, MAX_GROUP_PART)
    .replace(/^[.-]+|[.-]+$/g, '');
  return group ? `pharmaradar-${group}-${isoDate}.xlsx` : `pharmaradar-${isoDate}.xlsx`;
}
