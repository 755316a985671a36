/**
 * Every path of the app, in one place (spec part 1, section 2). The router and every link use these
 * constants; paths with parameters are filled in with react-router's `generatePath`.
 */
export const ROUTES = {
  home: '/',

  // Accounts
  signUp: '/signup',
  signIn: '/signin',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',

  // Services
  books: '/books',
  company: '/company',
  compliance: '/compliance',
  people: '/people',
  tax: '/tax',
  equity: '/equity',
  pricing: '/pricing',

  // Filings: both paths take the form's slug
  filings: '/filings',
  filing: '/filings/:formName',
  form: '/forms/:formName',

  // Company and content
  about: '/about',
  contact: '/contact',
  careers: '/careers',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  perks: '/perks',
  blog: '/blog',
  productSheets: '/product-sheets',
  deadlineAlerts: '/free-tools/deadline-alerts',
  currencyConverter: '/free-tools/currency-converter',

  // Onboarding and landing
  newClient: '/new-client',
  newNonprofitLlc: '/new-nonprofit-llc',
  ctaLanding: '/cta-landing',
  thankYou: '/thank-you',

  // Behind the sign-in guard
  admin: '/admin',
  /** One client's vault, read-only, for admins (documents). */
  adminClientDocuments: '/admin/documents/:ownerId',
  profile: '/profile',
  settings: '/settings',
  dashboard: '/dashboard',
  subscribe: '/subscribe',
  subscriptionConfirmation: '/subscription/confirmation',
  subscriptionInvoices: '/subscription/:id/invoices',
  subscriptionPayment: '/subscription/:id/payment',
  servicePurchase: '/service-purchase',
  serviceConfirmation: '/service-confirmation',
  filingPurchase: '/filing-purchase',
  filingConfirmation: '/filing-confirmation',
} as const;

/**
 * The sign-in page, told where to return afterwards. `redirect` is the full in-app location
 * (path, query and hash), encoded as one query value.
 */
export function signInPath(redirect: string, options: { sessionExpired?: boolean } = {}): string {
  const expired = options.sessionExpired ? 'session_expired=true&' : '';
  return `${ROUTES.signIn}?${expired}redirect=${encodeURIComponent(redirect)}`;
}

/**
 * The e-mail verification page for `email`, told where to continue once the address is verified.
 * Without `redirect` the page continues to the profile (spec part 1, section 4).
 */
export function verifyEmailPath(email: string, redirect?: string | null): string {
  const next = redirect ? `&redirect=${encodeURIComponent(redirect)}` : '';
  return `${ROUTES.verifyEmail}?email=${encodeURIComponent(email)}${next}`;
}
