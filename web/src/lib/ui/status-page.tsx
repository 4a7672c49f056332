import type { ReactNode } from 'react';
import { LocalizedLink } from '../router/localized-link';
import { useDocumentTitle } from '../router/use-document-title';

/** A way out of the page; the first one is the primary button. */
export interface StatusLink {
  to: string;
  label: ReactNode;
}

export interface StatusPageProps {
  /** Test id and the prefix of the heading id. */
  id: string;
  /** What the round badge shows: a short text (404) or an icon from lib/ui/icons. */
  icon: ReactNode;
  title: string;
  body: ReactNode;
  /** Links (in the current language) under the text; the first is the primary button unless `actions` come first. */
  links?: StatusLink[];
  /** Other buttons, after the links. */
  actions?: ReactNode;
  /** Announce the page as an alert (an error that replaced the page the user asked for). */
  alert?: boolean;
  /** Set the document title to `title` (pages of their own; not the error boundary). */
  documentTitle?: boolean;
}

/** Full-width message page: not found, not available yet, route errors (styles in global.css). */
export function StatusPage({
  id,
  icon,
  title,
  body,
  links = [],
  actions,
  alert = false,
  documentTitle = true,
}: StatusPageProps) {
  const headingId = `${id}-title`;
  return (
    <section
      className="status-page"
      data-testid={id}
      role={alert ? 'alert' : undefined}
      aria-labelledby={alert ? undefined : headingId}
    >
      {documentTitle ? <DocumentTitle title={title} /> : null}
      <div className="status-page__icon" aria-hidden="true">
        {icon}
      </div>
      <h1 id={headingId}>{title}</h1>
      <p className="status-page__body">{body}</p>
      <div className="status-page__actions">
        {actions}
        {links.map((link, index) => (
          <LocalizedLink
            key={link.to}
            className={`btn btn--${index === 0 && !actions ? 'primary' : 'secondary'}`}
            to={link.to}
          >
            {link.label}
          </LocalizedLink>
        ))}
      </div>
    </section>
  );
}

function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}
