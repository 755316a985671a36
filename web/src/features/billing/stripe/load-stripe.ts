import type { PaymentsConfigReply } from '@portal/contracts';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const scripts = new Map<string, Promise<void>>();

/**
 * Loads the Stripe.js the server names (at run time: a new key or script needs no rebuild) with a
 * script tag, once per page. A failed load is forgotten, so that the next try loads it again.
 */
function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        script.remove();
        scripts.delete(url);
        reject(new Error(`Stripe.js could not be loaded from ${url}`));
      });
      document.head.appendChild(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

const clients = new Map<string, Promise<Stripe | null>>();

/**
 * The Stripe client for the server's configuration: its script first, then @stripe/stripe-js's
 * loadStripe (the /pure build injects nothing itself; it finds the Stripe the script defined).
 */
export function stripeFor(config: PaymentsConfigReply): Promise<Stripe | null> | null {
  if (!config.configured || !config.publishable_key || !config.stripe_js_url) return null;
  const cacheKey = `${config.stripe_js_url} ${config.publishable_key}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const { stripe_js_url: url, publishable_key: key } = config;
    client = loadScript(url).then(() => loadStripe(key));
    void client.catch(() => clients.delete(cacheKey));
    clients.set(cacheKey, client);
  }
  return client;
}
