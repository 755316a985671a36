import type { RouteObject } from 'react-router-dom';
import { QueryScope } from '../shared/api/QueryScope';
import { ROUTES } from '../shared/routes';
import { RequireAuth } from '../shared/session';
import { lazyPage } from './lazy-page';

/**
 * Every page but the home page (routes.tsx): this table, QueryScope and react-query load with the first of
 * them, so that `/` loads none of them. Each page's code is its own chunk, fetched when the page is first
 * shown (lazyPage).
 */
export const siteRoutes: RouteObject[] = [
  {
    element: <QueryScope />,
    children: [
      // The public site: service pages (one chunk for all), filings, company and content pages, landing.
      ...(
        [
          [ROUTES.books, 'BooksPage'],
          [ROUTES.company, 'CompanyPage'],
          [ROUTES.compliance, 'CompliancePage'],
          [ROUTES.people, 'PeoplePage'],
          [ROUTES.tax, 'TaxPage'],
          [ROUTES.equity, 'EquityPage'],
        ] as const
      ).map(([path, name]) => ({
        path,
        ...lazyPage(async () => (await import('../features/services/pages/ServicePages'))[name]),
      })),
      {
        path: ROUTES.pricing,
        ...lazyPage(async () => (await import('../features/services/pages/PricingPage')).PricingPage),
      },
      {
        path: ROUTES.filings,
        ...lazyPage(async () => (await import('../features/filings/pages/FilingsPage')).FilingsPage),
      },
      ...[ROUTES.filing, ROUTES.form].map((path) => ({
        path,
        ...lazyPage(async () => (await import('../features/filings/pages/FilingDetailPage')).FilingDetailPage),
      })),
      {
        path: ROUTES.about,
        ...lazyPage(async () => (await import('../features/about/pages/AboutPage')).AboutPage),
      },
      {
        path: ROUTES.contact,
        ...lazyPage(async () => (await import('../features/contact/pages/ContactPage')).ContactPage),
      },
      {
        path: ROUTES.careers,
        ...lazyPage(async () => (await import('../features/careers/pages/CareersPage')).CareersPage),
      },
      {
        path: ROUTES.perks,
        ...lazyPage(async () => (await import('../features/perks/pages/PerksPage')).PerksPage),
      },
      {
        path: ROUTES.privacyPolicy,
        ...lazyPage(async () => (await import('../features/legal/pages/PrivacyPolicyPage')).PrivacyPolicyPage),
      },
      {
        path: ROUTES.termsOfService,
        ...lazyPage(async () => (await import('../features/legal/pages/TermsOfServicePage')).TermsOfServicePage),
      },
      {
        path: ROUTES.blog,
        ...lazyPage(async () => (await import('../features/blog/pages/BlogPage')).BlogPage),
      },
      {
        path: ROUTES.productSheets,
        ...lazyPage(async () => (await import('../features/product-sheets/pages/ProductSheetsPage')).ProductSheetsPage),
      },
      {
        path: ROUTES.currencyConverter,
        ...lazyPage(
          async () => (await import('../features/free-tools/pages/CurrencyConverterPage')).CurrencyConverterPage,
        ),
      },
      {
        path: ROUTES.deadlineAlerts,
        ...lazyPage(
          async () => (await import('../features/deadline-alerts/pages/DeadlineAlertsPage')).DeadlineAlertsPage,
        ),
      },
      {
        path: ROUTES.ctaLanding,
        ...lazyPage(async () => (await import('../features/landing/pages/CtaLandingPage')).CtaLandingPage),
      },
      {
        path: ROUTES.thankYou,
        ...lazyPage(async () => (await import('../features/landing/pages/ThankYouPage')).ThankYouPage),
      },
      // Onboarding questionnaires: public, the invite code in the query is the key.
      {
        path: ROUTES.newClient,
        ...lazyPage(async () => (await import('../features/onboarding/pages/NewClientPage')).NewClientPage),
      },
      {
        path: ROUTES.newNonprofitLlc,
        ...lazyPage(async () => (await import('../features/onboarding/pages/NewNonprofitLlcPage')).NewNonprofitLlcPage),
      },
      // Accounts: public, each page its own chunk.
      {
        path: ROUTES.signUp,
        ...lazyPage(async () => (await import('../features/auth/pages/SignUpPage')).SignUpPage),
      },
      {
        path: ROUTES.signIn,
        ...lazyPage(async () => (await import('../features/auth/pages/SignInPage')).SignInPage),
      },
      {
        path: ROUTES.forgotPassword,
        ...lazyPage(async () => (await import('../features/auth/pages/ForgotPasswordPage')).ForgotPasswordPage),
      },
      {
        path: ROUTES.resetPassword,
        ...lazyPage(async () => (await import('../features/auth/pages/ResetPasswordPage')).ResetPasswordPage),
      },
      {
        path: ROUTES.verifyEmail,
        ...lazyPage(async () => (await import('../features/auth/pages/VerifyEmailPage')).VerifyEmailPage),
      },
      // Behind the sign-in guard, with a verified e-mail (spec part 1, section 4). A guarded page is
      // added by listing it here; one that an unverified user may see goes under
      // <RequireAuth requireVerified={false} /> instead.
      {
        element: <RequireAuth />,
        children: [
          {
            path: ROUTES.settings,
            ...lazyPage(async () => (await import('../features/settings/pages/SettingsPage')).SettingsPage),
          },
          // An admin without two-factor is sent to /settings from every other signed-in page.
          {
            ...lazyPage(async () => (await import('../features/settings/components/TwoFactorGate')).TwoFactorGate),
            children: [
              {
                path: ROUTES.profile,
                ...lazyPage(async () => (await import('../features/profile/pages/ProfilePage')).ProfilePage),
              },
              // Billing: checkouts, their confirmations, a subscription's invoices and card.
              ...(
                [
                  [ROUTES.subscribe, 'SubscribePage'],
                  [ROUTES.subscriptionConfirmation, 'SubscriptionConfirmationPage'],
                  [ROUTES.subscriptionInvoices, 'InvoicesPage'],
                  [ROUTES.subscriptionPayment, 'UpdatePaymentPage'],
                  [ROUTES.servicePurchase, 'ServicePurchasePage'],
                  [ROUTES.serviceConfirmation, 'ServiceConfirmationPage'],
                  [ROUTES.filingPurchase, 'FilingPurchasePage'],
                  [ROUTES.filingConfirmation, 'FilingConfirmationPage'],
                ] as const
              ).map(([path, name]) => ({
                path,
                ...lazyPage(async () => (await import('../features/billing/pages'))[name]),
              })),
              {
                // Signed-in users who are not admins are told so by the page itself.
                path: ROUTES.admin,
                ...lazyPage(async () => (await import('../features/admin/pages/AdminPage')).AdminPage),
              },
              {
                path: ROUTES.dashboard,
                ...lazyPage(async () => (await import('../features/documents/pages/DashboardPage')).DashboardPage),
              },
              {
                path: ROUTES.adminClientDocuments,
                ...lazyPage(
                  async () => (await import('../features/documents/pages/ClientDocumentsPage')).ClientDocumentsPage,
                ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        ...lazyPage(async () => (await import('../features/not-found/pages/NotFoundPage')).NotFoundPage),
      },
    ],
  },
];
