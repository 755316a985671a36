import { createContext, use, useEffect } from 'react';
import { BRAND_NAME } from '../brand';

/** How the prerender learns the title of the page it renders (no effects run there). */
export const DocumentTitleContext = createContext<((title: string) => void) | null>(null);

/** Sets the tab title to "{pageTitle} | {brand}", or the brand alone for the home page. */
export function useDocumentTitle(pageTitle?: string): void {
  const title = pageTitle ? `${pageTitle} | ${BRAND_NAME}` : BRAND_NAME;
  use(DocumentTitleContext)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
