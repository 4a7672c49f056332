import './spinner.css';

/**
 * The one loading indicator: decorative (the text next to it, or the region's aria-busy, says what
 * is loading). `sm` sits in a line of text, `md` next to a status sentence, `lg` alone on a page.
 */
export function Spinner({ size = 'md', className }: { size?: 'sm' | 'md' | 'lg'; className?: string }) {
  return <span className={`spinner spinner--${size}${className ? ` ${className}` : ''}`} aria-hidden="true" />;
}
