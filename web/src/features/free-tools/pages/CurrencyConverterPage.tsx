import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { siteConfig } from '../../../shared/config';
import { ROUTES } from '../../../shared/routes';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { embedHeightFromMessage, embedOrigin } from '../embed-height';
import styles from './CurrencyConverterPage.module.css';

const INITIAL_HEIGHT_PX = 480;
const CONVERTER_ORIGIN = embedOrigin(siteConfig.currencyConverterUrl);

/**
 * /free-tools/currency-converter (spec part 2, section 1): the configured third-party converter (USD to
 * EUR) in a frame that takes the height its messages ask for. Messages from any other origin are
 * ignored. Without a configured converter, the page says so and loads nothing from outside.
 */
export function CurrencyConverterPage() {
  useDocumentTitle('Currency Converter');
  const [height, setHeight] = useState(INITIAL_HEIGHT_PX);

  useEffect(() => {
    if (!CONVERTER_ORIGIN) return;
    function onMessage(event: MessageEvent) {
      const requested = embedHeightFromMessage(event.origin, event.data, CONVERTER_ORIGIN);
      if (requested !== null) setHeight(requested);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <>
      <section className={page.hero} aria-labelledby="converter-title">
        <div className={container.container}>
          <p className={page.eyebrow}>Free tools</p>
          <h1 id="converter-title" className={page.title}>
            Currency Converter
          </h1>
          <p className={page.lead}>Convert US dollars to euros and other currencies at current market rates.</p>
        </div>
      </section>
      <section className={`${container.container} ${page.section}`} aria-label="Converter">
        {siteConfig.currencyConverterUrl ? (
          <iframe
            className={styles.frame}
            src={siteConfig.currencyConverterUrl}
            title="Currency converter, US dollars to euros"
            style={{ height }}
            loading="lazy"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <p className={styles.unavailable}>
            The currency converter is not available right now. For help with foreign-currency transactions,{' '}
            <Link to={ROUTES.contact}>contact us</Link>.
          </p>
        )}
        <p className={page.note}>
          Rates are provided by a third party for information only and may differ from the rates your bank applies.
        </p>
      </section>
    </>
  );
}
