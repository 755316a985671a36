import { useEffect } from 'react';
import { siteConfig } from '../../shared/config';

/**
 * The third-party chat assistant (spec part 1, section 2), when configured: its script is added once,
 * after the page has loaded, so it never delays the first paint. Not configured, nothing is requested.
 */
export function ChatWidget() {
  useEffect(() => {
    const url = siteConfig.chatWidgetUrl;
    if (!url || document.querySelector('script[data-chat-widget]')) return;
    const add = () => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.dataset.chatWidget = '';
      document.body.append(script);
    };
    if (document.readyState === 'complete') {
      add();
      return;
    }
    window.addEventListener('load', add, { once: true });
    return () => window.removeEventListener('load', add);
  }, []);
  return null;
}
