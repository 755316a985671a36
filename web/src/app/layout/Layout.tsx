import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router-dom';
import { ContactModalProvider } from '../../features/contact/components/ContactModalProvider';
import { useFollowOtherTabs } from '../../shared/session';
import { PageLoading } from '../../shared/ui/PageLoading';
import { RouteError } from '../RouteError';
import { ChatWidget } from './ChatWidget';
import { FocusOnNavigation } from './FocusOnNavigation';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';
import { ScrollToTop } from './ScrollToTop';
import { SkipLink } from './SkipLink';

const MAIN_ID = 'main-content';

/**
 * The frame of every page: skip link, header, the page in <main>, footer, and the shared contact modal.
 * A page that fails shows RouteError inside the frame, until the visitor goes to another page. Every page
 * follows a sign-in or sign-out in another tab (useFollowOtherTabs).
 */
export function Layout() {
  const { pathname } = useLocation();
  useFollowOtherTabs();
  return (
    <ContactModalProvider>
      <div className={styles.shell}>
        <SkipLink targetId={MAIN_ID} />
        <ScrollToTop />
        <FocusOnNavigation targetId={MAIN_ID} />
        <Header />
        <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
          <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
            {/* While a page's code loads, the first time it is shown (its status says so). */}
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
      <ChatWidget />
    </ContactModalProvider>
  );
}
