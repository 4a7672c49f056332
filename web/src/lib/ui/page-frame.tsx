import type { HTMLAttributes } from 'react';

/**
 * The frame of a plain page (billing, promo, the Pro wall, update): centred, with room at its foot.
 * Its rules are global (app/styles/global.css), so a page waiting for its session draws the same frame.
 */
export function PageFrame({
  narrow = false,
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { narrow?: boolean }) {
  return (
    <div {...rest} className={`page-frame${narrow ? ' page-frame--narrow' : ''}${className ? ` ${className}` : ''}`} />
  );
}
