import { createContext, useContext, type ComponentType } from 'react';

// The barcode scan lives in its own feature (features/scan); the search form only shows its button.
// Features never import each other, so the app root hands the button down through this slot.

export interface ScanActionProps {
  /** Called with the canonical GTIN read from a pack: the form searches it like a typed code. */
  onCode: (gtin: string) => void;
  /** "Type the CNK instead": the dialog closes and the form's field takes the focus. */
  onTypeInstead: () => void;
}

export const ScanActionContext = createContext<ComponentType<ScanActionProps> | null>(null);

/** The scan button component, or null where the app offers none (tests, other shells). */
export function useScanAction(): ComponentType<ScanActionProps> | null {
  return useContext(ScanActionContext);
}
