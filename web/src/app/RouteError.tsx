import { useEffect } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { ROUTES } from '../shared/routes';
import buttonStyles from '../shared/ui/button.module.css';
import { useDocumentTitle } from '../shared/ui/use-document-title';
import styles from './RouteError.module.css';

/**
 * Shown instead of a page that failed to load or render. The usual cause in production is a new
 * deployment that removed the code of the page this tab was about to open: reloading fixes it.
 */
export function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section className={styles.error} aria-labelledby="route-error-title">
      <h1 id="route-error-title">Something went wrong</h1>
      <p>This page could not be displayed. Reloading usually fixes it.</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
        {/* A full page load rather than a router link: the app's state may be what broke. */}
        <a href={ROUTES.home}>Go to the home page</a>
      </div>
    </section>
  );
}
