import { Outlet, useNavigation } from 'react-router-dom';
import { ContactModalProvider } from '../../features/contact/components/ContactModalProvider';
import { ChatWidget } from './ChatWidget';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';
import { ScrollToTop } from './ScrollToTop';
import { SkipLink } from './SkipLink';

const MAIN_ID = 'main-content';

/** The frame of every page: skip link, header, the page in <main>, footer, and the shared contact modal. */
export function Layout() {
  // While the next page's code loads, the current page stays; aria-busy tells assistive technology why.
  const loading = useNavigation().state === 'loading';
  return (
    <ContactModalProvider>
      <div className={styles.shell}>
        <SkipLink targetId={MAIN_ID} />
        <ScrollToTop />
        <Header />
        <main id={MAIN_ID} tabIndex={-1} className={styles.main} aria-busy={loading}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <ChatWidget />
    </ContactModalProvider>
  );
}
