import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LoadState } from '../../lib/ui/load-state';
import type { Load } from './use-admin-load';

export interface AdminSectionProps<T> {
  id: string;
  load: Load<T>;
  onRetry: () => void;
  /** Whether the loaded data has nothing to show (the section then says so). */
  isEmpty?: (data: T) => boolean;
  /** Controls shown above the content in every state (search form, run button). */
  tools?: ReactNode;
  children: (data: T) => ReactNode;
}

/** One titled block of the admin page with its loading, error (with retry), empty and ready states. */
export function AdminSection<T>({ id, load, onRetry, isEmpty, tools, children }: AdminSectionProps<T>) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `admin.${key}` });
  const body = () => {
    if (load.state === 'loading') return <LoadState state="loading" text={t('loading')} />;
    if (load.state === 'failed') {
      const retry = { label: t('retry'), onRetry };
      return <LoadState state="failed" errorId={`admin-${id}-error`} text={t('loadFailed')} retry={retry} />;
    }
    if (isEmpty?.(load.data)) return <p className="admin-empty">{t(`${id}.empty`)}</p>;
    return children(load.data);
  };
  return (
    <section className="panel admin-section" aria-labelledby={`admin-${id}-title`} data-testid={`admin-${id}`}>
      <h2 id={`admin-${id}-title`}>{t(`${id}.title`)}</h2>
      {tools}
      {body()}
    </section>
  );
}
