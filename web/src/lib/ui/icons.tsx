import type { ReactNode } from 'react';

/** The status pages' icons, drawn in the current text colour and hidden from screen readers. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" focusable="false" aria-hidden="true">
      {children}
    </svg>
  );
}

export function ClockIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Icon>
  );
}

export function ReloadIcon() {
  return (
    <Icon>
      <path
        d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </Icon>
  );
}

export function AlertIcon() {
  return (
    <Icon>
      <path d="M12 6v8M12 17.5v.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </Icon>
  );
}

/** The navbar's and the home's line icons: 24-unit strokes in the current text colour, hidden from screen readers. */
function LineIcon({ size, round = false, children }: { size: number; round?: boolean; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap={round ? 'round' : undefined}
    >
      {children}
    </svg>
  );
}

/** A person: the logged-out account link, the consumers' segment of the home banner. */
export function PersonIcon({ size = 20 }: { size?: number }) {
  return (
    <LineIcon size={size} round>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </LineIcon>
  );
}

/** A pharmacy with its cross: the pharmacies' segment of the home banner. */
export function PharmacyIcon({ size = 20 }: { size?: number }) {
  return (
    <LineIcon size={size} round>
      <path d="M4 21V9l8-5 8 5v12z" />
      <path d="M12 11v6M9 14h6" />
    </LineIcon>
  );
}

/** A shopping basket: the navbar's basket link. */
export function BasketIcon({ size = 20 }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9" cy="20" r="1.4" />
      <circle cx="17" cy="20" r="1.4" />
    </LineIcon>
  );
}
