/**
 * The site's third-party pieces and contact details, read from the build's environment (Vite's
 * `VITE_*` variables). A piece that is not configured, or configured with something that is not an
 * https URL, is null: the component that would show it renders nothing and requests nothing.
 */
export interface SiteConfig {
  /** Script of the chat-assistant widget shown on every page. */
  chatWidgetUrl: string | null;
  /** Page of the trust-review badge, framed in the footer. */
  reviewBadgeUrl: string | null;
  /** External scheduling page ('Book My Consultation', 'Book a demo'). */
  bookingUrl: string | null;
  /** Page of the embedded currency converter (USD to EUR). */
  currencyConverterUrl: string | null;
  supportEmail: string;
  socialLinks: SocialLink[];
}

export interface SocialLink {
  network: string;
  url: string;
}

export type SiteEnv = Partial<Record<string, string | boolean | undefined>>;

// The server's own default (libs/config SUPPORT_EMAIL), so both say the same without configuration.
export const DEFAULT_SUPPORT_EMAIL = 'support@portal.localhost';

const SOCIAL_NETWORKS = [
  { network: 'LinkedIn', variable: 'VITE_SOCIAL_LINKEDIN_URL' },
  { network: 'X', variable: 'VITE_SOCIAL_X_URL' },
  { network: 'Facebook', variable: 'VITE_SOCIAL_FACEBOOK_URL' },
  { network: 'Instagram', variable: 'VITE_SOCIAL_INSTAGRAM_URL' },
  { network: 'YouTube', variable: 'VITE_SOCIAL_YOUTUBE_URL' },
] as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An absolute https URL (http only for a local host, for development), else null. */
export function externalUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) return url.href;
    return null;
  } catch {
    return null;
  }
}

function email(value: unknown): string | null {
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? value.trim() : null;
}

export function readSiteConfig(env: SiteEnv): SiteConfig {
  return {
    chatWidgetUrl: externalUrl(env.VITE_CHAT_WIDGET_URL),
    reviewBadgeUrl: externalUrl(env.VITE_REVIEW_BADGE_URL),
    bookingUrl: externalUrl(env.VITE_BOOKING_URL),
    currencyConverterUrl: externalUrl(env.VITE_CURRENCY_CONVERTER_URL),
    supportEmail: email(env.VITE_SUPPORT_EMAIL) ?? DEFAULT_SUPPORT_EMAIL,
    socialLinks: SOCIAL_NETWORKS.flatMap(({ network, variable }) => {
      const url = externalUrl(env[variable]);
      return url ? [{ network, url }] : [];
    }),
  };
}
