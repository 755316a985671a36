/**
 * Compile-time checks, run by `tsc -p web/tsconfig.json` (`npm run check`); nothing here runs or is
 * bundled. The web's payload builders and API calls send and read exactly the server's shapes
 * (@portal/contracts, which the server's DTOs implement), and the web's own form types name the same
 * fields as the requests they become. A field renamed in a contract fails here (and in the builders);
 * one renamed only in a web form type fails here too.
 */
import type {
  Address as AddressContract,
  AddressCountry,
  BookkeepingOnboardingRequest,
  CancelSubscriptionRequest,
  CreateSubscriptionReply,
  CreateSubscriptionRequest,
  FormPaymentRequest,
  InvoicesReply,
  PaymentReply,
  PaymentsConfigReply,
  PurchaseReply,
  ServicePaymentRequest,
  SetupIntentReply,
  SubscriptionReply,
  UpdatePaymentMethodRequest,
  ClientVaultReply,
  LibraryArea,
  LibraryListReply,
  LibraryUploadReply,
  VaultAccessPageReply,
  VaultAccessQuery,
  VaultClientListReply,
  VaultFileReply,
  VaultListReply,
  VaultUploadReply,
  CreateMessageReply,
  CreateMessageRequest,
  ErrorReply,
  FilingFormReply,
  InviteCodeCheckReply,
  InviteCodeReply,
  InviteRoute,
  LoginReply,
  SessionReply,
  LoginRequest,
  MenuItemReply,
  MessageReply,
  NonprofitOnboardingRequest,
  PackageReply,
  Page,
  PageQuery,
  ProfileReply,
  RegisterReply,
  RegisterRequest,
  SaveInviteCodeRequest,
  ServiceAttributesReply,
  ServiceReply,
  SitePageReply,
  SubmissionReply,
  SubmitOnboardingReply,
  SubscribeReply,
  SubscribeRequest,
  UpdateProfileRequest,
  ValidationErrorReply,
  VerificationStatusQuery,
  VerificationStatusReply,
} from '@portal/contracts';
import type {
  createInviteCode,
  listInviteCodes,
  listSubmissions,
  sendInviteCode,
  updateInviteCode,
} from '../features/admin/api';
import type { createPayload, editPayload, ROUTE_OPTIONS } from '../features/admin/invite-codes';
import type { answerLines } from '../features/admin/submissions';
import type {
  getVerificationStatus,
  login,
  loginPayload,
  register,
  registrationPayload,
  requestPasswordReset,
  resetPassword,
} from '../features/auth/api';
import type {
  cancelSubscription,
  createSetupIntent,
  createSubscription,
  getInvoices,
  getPaymentsConfig,
  getPurchaseHistory,
  getSubscription,
  getSubscriptions,
  payForForm,
  payForService,
  reactivateSubscription,
  updatePaymentMethod,
} from '../features/billing/api';
import type { BillingDetailsValues, paymentOutcome, subscriptionOutcome } from '../features/billing/checkout';
import type { sendMessage } from '../features/contact/api';
import type {
  deleteLibraryFile,
  deleteVaultFile,
  getClientVault,
  listLibraryFiles,
  listVaultAccess,
  listVaultClients,
  listVaultFiles,
  uploadLibraryFile,
  uploadVaultFile,
} from '../features/documents/api';
import type { fromLibrary, fromVault } from '../features/documents/files';
import type { contactPagePayload, modalPayload } from '../features/contact/contact-form';
import type { getForm, getForms } from '../features/filings/api';
import type { newsletterPayload, subscribeToNewsletter } from '../features/newsletter/api';
import type { submitBookkeeping, submitNonprofit, validateInviteCode } from '../features/onboarding/api';
import type { submittableCode } from '../features/onboarding/invite';
import type {
  BookkeepingValues,
  bookkeepingPayload,
  NonprofitValues,
  nonprofitPayload,
} from '../features/onboarding/questionnaires';
import type { updateMyAddress, updateMyProfile } from '../features/profile/api';
import type {
  Address,
  CountryCode,
  normalizeProfile,
  ProfileFormValues,
  toAddressUpdate,
  toProfileUpdate,
} from '../features/profile/profile';
import type { getPackage, getServiceAttributes, getServices } from '../features/services/api';
import type { useMenu, useSitePage } from '../features/services/hooks/use-public-catalog';
import type { CatalogService } from '../features/services/catalog';
import type { ErrorBodyFields } from './api/client';
import type { ROUTES } from './routes';
import type { loginUser } from './session/user';
// Intake: careers, perks, deadline alerts and the staff inbox.
import type {
  CreateMessageReply as IntakeMessageReply,
  DeadlineSubscribeReply,
  DeadlineSubscribeRequest,
  InboxItemReply,
  InboxPageReply,
  InboxQuery,
  InboxSource,
  JobApplicationFields,
} from '@portal/contracts';
import type { listInbox, markInboxItem } from '../features/admin/inbox-api';
import type { sendApplication } from '../features/careers/api';
import type { applicationFields } from '../features/careers/application-form';
import type { deadlineSubscribePayload, subscribeToDeadlineAlerts } from '../features/deadline-alerts/api';
import type { sendPerkOffer } from '../features/perks/api';
import type { perkPayload, PerkValues } from '../features/perks/perk-form';

/** True when A and B are the same type, not merely assignable one to the other. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

type Fn = (...args: never[]) => unknown;
/** The n-th argument of a call: the body or query it sends. */
type Sends<F extends Fn, N extends number = 0> = Parameters<F>[N];
/** What a call resolves with. */
type Reads<F extends Fn> = Awaited<ReturnType<F>>;
/** Fields of A that B does not have. */
type Extra<A, B> = Exclude<keyof A, keyof B>;

export type ErrorChecks = [
  Expect<Equal<keyof ErrorBodyFields, keyof ErrorReply | keyof MessageReply>>,
  Expect<Equal<Extra<ValidationErrorReply, ErrorReply>, 'errors'>>,
];

export type AuthChecks = [
  Expect<Equal<ReturnType<typeof registrationPayload>, RegisterRequest>>,
  Expect<Equal<Reads<typeof register>, RegisterReply>>,
  Expect<Equal<ReturnType<typeof loginPayload>, LoginRequest>>,
  Expect<Equal<Reads<typeof login>, LoginReply>>,
  Expect<Equal<Sends<typeof loginUser>, SessionReply>>,
  Expect<Equal<Sends<typeof getVerificationStatus>, VerificationStatusQuery>>,
  Expect<Equal<Reads<typeof getVerificationStatus>, VerificationStatusReply>>,
  Expect<Equal<Reads<typeof requestPasswordReset>, MessageReply>>,
  Expect<Equal<Reads<typeof resetPassword>, MessageReply>>,
];

export type ProfileChecks = [
  Expect<Equal<Sends<typeof normalizeProfile>, ProfileReply>>,
  Expect<Equal<ReturnType<typeof toProfileUpdate>, UpdateProfileRequest>>,
  Expect<Equal<ReturnType<typeof toAddressUpdate>, UpdateProfileRequest | null>>,
  Expect<Equal<Sends<typeof updateMyProfile>, UpdateProfileRequest>>,
  Expect<Equal<Sends<typeof updateMyAddress>, UpdateProfileRequest>>,
  // The form's address has the server's parts; its other fields are fields of the update.
  Expect<Equal<keyof Address, keyof AddressContract>>,
  Expect<Equal<CountryCode, AddressCountry>>,
  Expect<Equal<Extra<ProfileFormValues, UpdateProfileRequest>, never>>,
];

export type OnboardingChecks = [
  // The forms hold exactly the questions the server takes.
  Expect<Equal<keyof BookkeepingValues, keyof BookkeepingOnboardingRequest>>,
  Expect<Equal<keyof NonprofitValues, keyof NonprofitOnboardingRequest>>,
  Expect<Equal<ReturnType<typeof bookkeepingPayload>, BookkeepingOnboardingRequest>>,
  Expect<Equal<ReturnType<typeof nonprofitPayload>, NonprofitOnboardingRequest>>,
  Expect<Equal<Sends<typeof submitBookkeeping, 1>, BookkeepingOnboardingRequest>>,
  Expect<Equal<Sends<typeof submitNonprofit, 1>, NonprofitOnboardingRequest>>,
  Expect<Equal<Reads<typeof submitBookkeeping>, SubmitOnboardingReply>>,
  Expect<Equal<Reads<typeof submitNonprofit>, SubmitOnboardingReply>>,
  Expect<Equal<Reads<typeof validateInviteCode>, InviteCodeCheckReply>>,
  Expect<Equal<Sends<typeof submittableCode>, InviteCodeCheckReply | undefined>>,
  // The questionnaire pages are the routes a code opens.
  Expect<Equal<typeof ROUTES.newClient | typeof ROUTES.newNonprofitLlc, InviteRoute>>,
];

export type AdminChecks = [
  Expect<Equal<ReturnType<typeof createPayload>, SaveInviteCodeRequest>>,
  Expect<Equal<ReturnType<typeof editPayload>, SaveInviteCodeRequest>>,
  Expect<Equal<Sends<typeof createInviteCode>, SaveInviteCodeRequest>>,
  Expect<Equal<Sends<typeof updateInviteCode, 1>, SaveInviteCodeRequest>>,
  Expect<Equal<Reads<typeof createInviteCode>, InviteCodeReply>>,
  Expect<Equal<Reads<typeof updateInviteCode>, InviteCodeReply>>,
  Expect<Equal<Reads<typeof sendInviteCode>, MessageReply>>,
  Expect<Equal<Sends<typeof listInviteCodes>, PageQuery>>,
  Expect<Equal<Reads<typeof listInviteCodes>, Page<InviteCodeReply>>>,
  Expect<Equal<Sends<typeof listSubmissions>, PageQuery>>,
  Expect<Equal<Reads<typeof listSubmissions>, Page<SubmissionReply>>>,
  Expect<Equal<Sends<typeof answerLines>, Pick<SubmissionReply, 'kind' | 'answers'>>>,
  Expect<Equal<(typeof ROUTE_OPTIONS)[number]['route'], InviteRoute>>,
];

export type CatalogChecks = [
  Expect<Equal<ReturnType<typeof useMenu>['data'], MenuItemReply[] | undefined>>,
  Expect<Equal<ReturnType<typeof useSitePage>, SitePageReply | null | undefined>>,
  Expect<Equal<Reads<typeof getServices>, ServiceReply[]>>,
  Expect<Equal<Reads<typeof getServiceAttributes>, ServiceAttributesReply>>,
  Expect<Equal<Reads<typeof getPackage>, PackageReply>>,
  Expect<Equal<CatalogService, ServiceReply>>,
  Expect<Equal<Reads<typeof getForms>, FilingFormReply[]>>,
  Expect<Equal<Reads<typeof getForm>, FilingFormReply>>,
];

export type NotificationChecks = [
  Expect<Equal<ReturnType<typeof contactPagePayload>, CreateMessageRequest>>,
  Expect<Equal<ReturnType<typeof modalPayload>, CreateMessageRequest>>,
  Expect<Equal<Sends<typeof sendMessage>, CreateMessageRequest>>,
  Expect<Equal<Reads<typeof sendMessage>, CreateMessageReply>>,
  Expect<Equal<ReturnType<typeof newsletterPayload>, SubscribeRequest>>,
  Expect<Equal<Reads<typeof subscribeToNewsletter>, SubscribeReply>>,
];

export type IntakeChecks = [
  Expect<Equal<ReturnType<typeof applicationFields>, JobApplicationFields>>,
  Expect<Equal<Reads<typeof sendApplication>, IntakeMessageReply>>,
  Expect<Equal<ReturnType<typeof perkPayload>, CreateMessageRequest>>,
  Expect<Equal<Sends<typeof sendPerkOffer>, CreateMessageRequest>>,
  // The perk form holds the spec's fields (section 3).
  Expect<
    Equal<
      keyof PerkValues,
      | 'name'
      | 'email'
      | 'phone'
      | 'website'
      | 'offerDetails'
      | 'companyDescription'
      | 'perkType'
      | 'redemptionInstructions'
    >
  >,
  Expect<Equal<ReturnType<typeof deadlineSubscribePayload>, DeadlineSubscribeRequest>>,
  Expect<Equal<Reads<typeof subscribeToDeadlineAlerts>, DeadlineSubscribeReply>>,
  Expect<Equal<Sends<typeof listInbox>, InboxQuery>>,
  Expect<Equal<Reads<typeof listInbox>, InboxPageReply>>,
  Expect<Equal<Sends<typeof markInboxItem>, InboxSource>>,
  Expect<Equal<Reads<typeof markInboxItem>, InboxItemReply>>,
];

export type BillingChecks = [
  Expect<Equal<Reads<typeof getPaymentsConfig>, PaymentsConfigReply>>,
  Expect<Equal<Reads<typeof createSetupIntent>, SetupIntentReply>>,
  Expect<Equal<Sends<typeof payForService>, ServicePaymentRequest>>,
  Expect<Equal<Reads<typeof payForService>, PaymentReply>>,
  Expect<Equal<Sends<typeof payForForm>, FormPaymentRequest>>,
  Expect<Equal<Reads<typeof payForForm>, PaymentReply>>,
  Expect<Equal<Sends<typeof paymentOutcome>, PaymentReply>>,
  Expect<Equal<Sends<typeof createSubscription>, CreateSubscriptionRequest>>,
  Expect<Equal<Reads<typeof createSubscription>, CreateSubscriptionReply>>,
  Expect<Equal<Sends<typeof subscriptionOutcome>, CreateSubscriptionReply>>,
  Expect<Equal<Reads<typeof getSubscriptions>, SubscriptionReply[]>>,
  Expect<Equal<Reads<typeof getSubscription>, SubscriptionReply>>,
  Expect<Equal<Sends<typeof cancelSubscription, 1>, CancelSubscriptionRequest>>,
  Expect<Equal<Reads<typeof cancelSubscription>, SubscriptionReply>>,
  Expect<Equal<Reads<typeof reactivateSubscription>, SubscriptionReply>>,
  Expect<Equal<Sends<typeof updatePaymentMethod, 1>, UpdatePaymentMethodRequest>>,
  Expect<Equal<Reads<typeof updatePaymentMethod>, SubscriptionReply>>,
  Expect<Equal<Reads<typeof getInvoices>, InvoicesReply>>,
  Expect<Equal<Reads<typeof getPurchaseHistory>, PurchaseReply[]>>,
  // The checkout's country choices are the server's address countries.
  Expect<Equal<BillingDetailsValues['country'], AddressCountry>>,
];

export type DocumentsChecks = [
  Expect<Equal<Reads<typeof listVaultFiles>, VaultListReply>>,
  Expect<Equal<Sends<typeof fromVault>, readonly VaultFileReply[]>>,
  Expect<Equal<Reads<typeof deleteVaultFile>, MessageReply>>,
  Expect<Equal<Awaited<ReturnType<typeof uploadVaultFile>['done']>, VaultUploadReply>>,
  Expect<Equal<Sends<typeof listLibraryFiles>, LibraryArea>>,
  Expect<Equal<Reads<typeof listLibraryFiles>, LibraryListReply>>,
  Expect<Equal<Sends<typeof fromLibrary, 1>, LibraryListReply>>,
  Expect<Equal<Reads<typeof deleteLibraryFile>, MessageReply>>,
  Expect<Equal<Awaited<ReturnType<typeof uploadLibraryFile>['done']>, LibraryUploadReply>>,
  Expect<Equal<Reads<typeof listVaultClients>, VaultClientListReply>>,
  Expect<Equal<Reads<typeof getClientVault>, ClientVaultReply>>,
  Expect<Equal<Sends<typeof listVaultAccess>, VaultAccessQuery>>,
  Expect<Equal<Reads<typeof listVaultAccess>, VaultAccessPageReply>>,
];
