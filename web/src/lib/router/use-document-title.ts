import { useEffect } from 'react';
import { BRAND_NAME } from '@pharmaradar/shared/brand';

/** Sets `<title>` to "<page> · PharmaRadar" (or the brand alone) while the page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
