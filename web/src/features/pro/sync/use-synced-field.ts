import { useState } from 'react';

/** A decimal as a person types it ("22,5" or "22.5"). */
export const asNumber = (text: string) => Number(text.replace(',', '.'));

export interface SyncedField {
  /** The text the input shows. */
  text: string;
  /** The person typed: the text is theirs until the field loses focus. */
  type: (text: string) => void;
  /** The field lost focus: a stored value that changed meanwhile shows now. */
  leave: () => void;
}

/**
 * A number field's text beside its stored value, which a pull from another device can change at any
 * moment (docs/decisions/218). Untouched, the field shows each stored value as it comes. Once the
 * person types, what they typed stays until they leave the field, whatever arrives meanwhile: the
 * stored value then shows, unless the typed text already means it ("22,0" for 22).
 */
export function useSyncedField(stored: number): SyncedField {
  const [text, setText] = useState(String(stored));
  const [shown, setShown] = useState(stored);
  const [typing, setTyping] = useState(false);
  if (!typing && shown !== stored) {
    setShown(stored);
    if (asNumber(text) !== stored) setText(String(stored));
  }
  return {
    text,
    type: (next) => {
      setTyping(true);
      setText(next);
    },
    leave: () => setTyping(false),
  };
}
