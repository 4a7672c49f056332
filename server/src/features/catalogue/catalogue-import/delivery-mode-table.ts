import type { DeliveryModeCount } from '../../../lib/catalogue-lookup';

// The table every import prints (docs/decisions/197): what each delivery mode code was read as. Free
// delivery is decided from the wording of the description, so this is where an operator sees at once
// that the wording changed (every pack under "prescription-only").

/** Plain-text lines: code, public packs, how it was read, its descriptions (fr / nl / en). */
export function deliveryModeTable(modes: readonly DeliveryModeCount[]): string[] {
  if (modes.length === 0) return ['Delivery modes: no public pack.'];
  const code = (m: DeliveryModeCount) => (m.code === null ? '(none)' : JSON.stringify(m.code));
  const codeWidth = Math.max(4, ...modes.map((m) => code(m).length));
  const packsWidth = Math.max(5, ...modes.map((m) => String(m.packs).length));
  const row = (c: string, packs: string, read: string, text: string) =>
    `  ${c.padEnd(codeWidth)}  ${packs.padStart(packsWidth)}  ${read.padEnd(17)}  ${text}`.trimEnd();
  return [
    'Delivery modes:',
    row('code', 'packs', 'read as', 'description'),
    ...modes.map((m) => {
      const { fr, nl, en } = m.description;
      const text = [fr, nl, en].filter((t): t is string => t !== null).join(' / ') || '(no description)';
      return row(code(m), String(m.packs), m.free ? 'free delivery' : 'prescription-only', text);
    }),
  ];
}
