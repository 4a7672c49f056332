/**
 * Browser and operating system names from a User-Agent header, for the sessions list of the data
 * export (docs/decisions/102). Names only, no versions: enough to recognise one's own devices, too
 * little to fingerprint. Order matters: Edge, Opera and Samsung Internet also claim to be Chrome, and
 * Chrome claims to be Safari.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:A|iOS|e)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface DeviceSummary {
  browser: string | null;
  os: string | null;
}

const first = (list: Array<[RegExp, string]>, ua: string) => list.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

export function summariseUserAgent(userAgent: string | undefined): DeviceSummary {
  const ua = (userAgent ?? '').slice(0, 512);
  return { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua) };
}
