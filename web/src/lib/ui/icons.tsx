import type { ReactNode } from 'react';

/** Line icons of the status pages, drawn in the current text colour and hidden from screen readers. */
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
