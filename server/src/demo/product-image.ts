import type { DemoProduct } from './catalogue';
import { hashString } from './demo-random';

// Generated pack shot for a demo product: no image files are bundled or downloaded.

const PALETTE = ['#0f766e', '#1d4ed8', '#7c3aed', '#be123c', '#b45309', '#15803d', '#0369a1', '#a21caf'];

function xml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );
}

function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, width - 1)}…`;
  }
  return lines;
}

export function renderProductSvg(product: DemoProduct): string {
  const colour = PALETTE[hashString(product.brand) % PALETTE.length]!;
  const lines = wrap(product.name.fr.replace(product.brand, '').trim() || product.name.fr, 22, 3);
  const text = lines
    .map(
      (l, i) => `<text x="120" y="${128 + i * 18}" text-anchor="middle" font-size="14" fill="#1f2937">${xml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${xml(product.name.fr)}">
<rect width="240" height="240" fill="#f8fafc"/>
<rect x="40" y="30" width="160" height="180" rx="10" fill="#ffffff" stroke="${colour}" stroke-width="3"/>
<rect x="40" y="30" width="160" height="52" rx="10" fill="${colour}"/>
<text x="120" y="63" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="17" fill="#ffffff">${xml(product.brand.slice(0, 18))}</text>
<g font-family="Arial, sans-serif">${text}</g>
<text x="120" y="198" text-anchor="middle" font-family="monospace" font-size="11" fill="#64748b">CNK ${product.cnk}</text>
</svg>`;
}
