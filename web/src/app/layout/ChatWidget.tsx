import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { carriesToken } from '../../features/auth/redirects';
import { siteConfig } from '../../shared/config';

/**
 * The third-party chat assistant (spec part 1, section 2), when configured: its script is added once,
 * after the page has loaded, so it never delays the first paint. Not configured, nothing is requested.
 * It reads the address and reports it home, so it waits while the address carries the one-time token
 * of a reset or verification link (the page takes it out once read: useTokenOutOfAddress).
 */
export function ChatWidget() {
  const { search, hash } = useLocation();
  const holdBack = carriesToken(search, hash);
  useEffect(() => {
    const url = siteConfig.chatWidgetUrl;
    if (holdBack || !url || document.querySelector('script[data-chat-widget]')) return;
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
  }, [holdBack]);
  return null;
}
