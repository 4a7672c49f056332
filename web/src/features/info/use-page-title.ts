import { useEffect } from 'react';
import { BRAND_NAME } from '@pharmaradar/shared/brand';

/** The tab title names the page first, so tabs and history entries stay distinguishable. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title.includes(BRAND_NAME) ? title : `${title} · ${BRAND_NAME}`;
  }, [title]);
}
