import type { Locale } from '@pharmaradar/shared/locales';
import { t } from './stripe-texts';

export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** No inline styles (the app's CSP): the look-alike's stylesheet is its own file. */
export const STYLESHEET = `
body{font-family:system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1a1f36}
.test-banner{background:#ffb400;color:#1a1f36;font-weight:600;padding:.75rem 1rem;text-align:center}
main{max-width:32rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 4px #0002}
label{display:block;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #c4cdd5;border-radius:4px;font-size:1rem}
button{margin-top:1rem;padding:.7rem 1.2rem;font-size:1rem;border:0;border-radius:4px;background:#635bff;color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#e3e8ee;color:#1a1f36}
.error{color:#b3093c;font-weight:600}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #e3e8ee;text-align:left}
nav.langs a{margin-right:.5rem}
`;

/** Every page: the test banner first, then the content, then the language links. */
export function page(locale: Locale, base: string, title: string, body: string, selfPath: string): string {
  const langs = (['fr', 'en', 'nl'] as const)
    .map((l) => `<a href="${esc(`${selfPath}?lang=${l}`)}" lang="${l}">${l.toUpperCase()}</a>`)
    .join(' ');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<link rel="stylesheet" href="${base}/assets/style.css"></head><body>
<div class="test-banner" role="note" data-testid="test-banner">${esc(t(locale, 'testBanner'))}</div>
<main><h1>${esc(title)}</h1>${body}<nav class="langs">${langs}</nav></main></body></html>`;
}

/** A one-page PDF with a few lines of text (enough for a viewer to open the invoice). */
export function simplePdf(lines: string[]): Buffer {
  const text = lines
    .map(
      (line, i) =>
        `BT /F1 12 Tf 50 ${780 - i * 20} Td (${line.replace(/[()\\]/g, '\\$&').replace(/[^\x20-\x7e]/g, '?')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
