import type { ReactNode } from 'react';

type SelectableGroup = { id: string; name: string; cnks: readonly string[] };

/**
 * The group select: each option reads "name (line count)". A closed select clips its text wherever the
 * width ends, which cut a count mid-figure ("(3" for 30) on a narrow or crowded bar; so the chosen
 * group is drawn over the select's own text, its name ellipsed and its count always whole. The select
 * stays the control (keyboard, screen readers and the open list read its options); the drawing is hidden
 * from assistive technology.
 */
export function GroupSelect({
  groups,
  selected,
  onSelect,
  disabled,
  label,
}: {
  groups: readonly SelectableGroup[];
  selected: string;
  onSelect: (id: string) => void;
  disabled: boolean;
  label: ReactNode;
}) {
  const chosen = groups.find((g) => g.id === selected);
  return (
    <label className="pro-field input-field pro-group-bar__select">
      <span>{label}</span>
      <span className={chosen ? 'pro-group-select pro-group-select--drawn' : 'pro-group-select'}>
        <select value={selected} onChange={(e) => onSelect(e.target.value)} disabled={disabled}>
          <option value="">—</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name} ({g.cnks.length})
            </option>
          ))}
        </select>
        {chosen && (
          <span className="pro-group-select__shown" aria-hidden="true" data-testid="pro-group-select-shown">
            <span className="pro-group-select__name">{chosen.name}</span>
            <span className="pro-group-select__count">({chosen.cnks.length})</span>
          </span>
        )}
      </span>
    </label>
  );
}
