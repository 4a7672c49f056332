import { useEffect, type RefObject } from 'react';

/** While `active`, Escape or a pointer press outside `inside` (and `alsoInside`) calls `onDismiss`. */
export function useDismiss(
  active: boolean,
  onDismiss: (reason: 'escape' | 'outside') => void,
  inside: RefObject<HTMLElement | null>,
  alsoInside?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss('escape');
    };
    const onPointer = (event: Event) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (inside.current?.contains(target) || alsoInside?.current?.contains(target)) return;
      onDismiss('outside');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [active, onDismiss, inside, alsoInside]);
}
