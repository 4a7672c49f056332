import { useState } from 'react';

/** A decimal as a person types it ("22,5" or "22.5"). */
export const asNumber = (text: string) => Number(text.replace(',', '.'));

export interface SyncedField {
  /** The text the field shows. */
  text: string;
  /** The person typed: the text is theirs until they leave the field. */
  type: (text: string) => void;
  /** The person's text is being saved: it stays until the save is stored (or failed), whatever arrives meanwhile. */
  save: (text: string, saving: Promise<unknown>) => void;
  /** The person left the field: once no save of theirs is pending, the stored value shows. */
  leave: () => void;
  /** The person gave up what they typed (Escape, or it changed nothing): the stored value shows now. */
  drop: () => void;
}

/**
 * A field's text beside its stored value, which a pull from another device can change at any moment
 * (docs/decisions/218). Untouched, the field shows each stored value as it comes. Once the person types
 * or picks, what they typed stays while they are in the field and until each save they started is
 * stored: a value another device sent meanwhile never shows in between, because the stored value the
 * page holds is not yet the merge of their save with it. Then the stored (merged) value shows, unless
 * `same` says the typed text already means it ("22,0" for 22).
 */
export function useSyncedField(
  stored: string,
  same: (typed: string, stored: string) => boolean = (typed, value) => typed === value,
): SyncedField {
  const [text, setText] = useState(stored);
  // The stored value the text last followed: a different one shows once the field is released.
  const [shown, setShown] = useState(stored);
  const [typing, setTyping] = useState(false);
  const [saving, setSaving] = useState(0);
  if (!typing && saving === 0 && shown !== stored) {
    setShown(stored);
    if (!same(text, stored)) setText(stored);
  }
  return {
    text,
    type: (next) => {
      setTyping(true);
      setText(next);
    },
    save: (next, pending) => {
      setText(next);
      setSaving((n) => n + 1);
      // The page stores the save's result before the promise settles, so the merged value is there.
      const settled = () => setSaving((n) => n - 1);
      pending.then(settled, settled);
    },
    leave: () => setTyping(false),
    drop: () => {
      setTyping(false);
      setShown(stored);
      setText(stored);
    },
  };
}
