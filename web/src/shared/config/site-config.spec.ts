import { DEFAULT_SUPPORT_EMAIL, externalUrl, readSiteConfig } from './site-config';

describe('readSiteConfig', () => {
  it('leaves every third party out when nothing is configured', () => {
    expect(readSiteConfig({})).toEqual({
      chatWidgetUrl: null,
      reviewBadgeUrl: null,
      bookingUrl: null,
      currencyConverterUrl: null,
      supportEmail: DEFAULT_SUPPORT_EMAIL,
      socialLinks: [],
    });
  });

  it('reads the configured pieces', () => {
    const config = readSiteConfig({
      VITE_CHAT_WIDGET_URL: 'https://chat.example.com/widget.js',
      VITE_REVIEW_BADGE_URL: 'https://reviews.example.com/badge',
      VITE_BOOKING_URL: ' https://book.example.com/harbor/30min ',
      VITE_CURRENCY_CONVERTER_URL: 'https://fx.example.com/embed?from=USD&to=EUR',
      VITE_SUPPORT_EMAIL: 'help@harbor.example',
      VITE_SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/harbor-example',
      VITE_SOCIAL_X_URL: 'javascript:alert(1)',
    });
    expect(config).toEqual({
      chatWidgetUrl: 'https://chat.example.com/widget.js',
      reviewBadgeUrl: 'https://reviews.example.com/badge',
      bookingUrl: 'https://book.example.com/harbor/30min',
      currencyConverterUrl: 'https://fx.example.com/embed?from=USD&to=EUR',
      supportEmail: 'help@harbor.example',
      socialLinks: [{ network: 'LinkedIn', url: 'https://www.linkedin.com/company/harbor-example' }],
    });
  });
});

describe('externalUrl', () => {
  it.each(['', '   ', 'not a url', '/relative', 'ftp://files.example.com', 'http://example.com', 'javascript:x', 42])(
    'refuses %j',
    (value) => {
      expect(externalUrl(value)).toBeNull();
    },
  );

  it('accepts https anywhere and http on a local host', () => {
    expect(externalUrl('https://example.com')).toBe('https://example.com/');
    expect(externalUrl('http://localhost:5173/fx')).toBe('http://localhost:5173/fx');
  });
});
