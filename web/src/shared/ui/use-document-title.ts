import { useEffect } from 'react';
import { BRAND_NAME } from '../brand';

/** Sets the tab title to "{pageTitle} | {brand}", or the brand alone for the home page. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${BRAND_NAME}` : BRAND_NAME;
  }, [pageTitle]);
}
