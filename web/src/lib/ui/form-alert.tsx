import type { ReactNode } from 'react';
import './field.css';

/** The form's message: role="alert" so it is announced as soon as it appears. */
export function FormAlert({
  id,
  tone = 'error',
  children,
}: {
  id: string;
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
}) {
  if (!children) return <div id={id} hidden />;
  return (
    <div id={id} className={`auth-alert auth-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
