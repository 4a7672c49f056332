/** PharmaRadar mark: a pharmacy cross at the centre of radar rings (same drawing as favicon.svg). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#0f766e" />
      <path d="M24 24 L24 8 A16 16 0 0 1 38.9 18.2 Z" fill="#5eead4" opacity="0.45" />
      <circle cx="24" cy="24" r="16" fill="none" stroke="#99f6e4" strokeWidth="2" opacity="0.7" />
      <circle cx="24" cy="24" r="10" fill="none" stroke="#99f6e4" strokeWidth="2" opacity="0.5" />
      <rect x="21" y="15" width="6" height="18" rx="1.5" fill="#ffffff" />
      <rect x="15" y="21" width="18" height="6" rx="1.5" fill="#ffffff" />
    </svg>
  );
}
