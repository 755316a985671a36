import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  validateSync,
  ValidationError,
} from 'class-validator';
import { isCronPattern, parseAlertDays } from './schedules';

export const SERVICE_NAMES = ['identity', 'catalog', 'billing', 'onboarding', 'documents', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^\d+$/.test(String(value)) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};
/** Known words become booleans; anything else stays as given so validation names it. */
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : (BOOLEAN_WORDS[String(value).toLowerCase()] ?? value);
const urlOptions = { require_tld: false, require_protocol: true };

/** What Fastify's `trustProxy` takes: everything, nothing, a number of hops, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

/** Named ranges proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `true`/`false` (and yes/no), a hop count, or a comma-separated list of addresses and ranges. */
const toTrustProxy = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === '') return undefined;
  const text = String(value).trim().toLowerCase();
  if (['true', 'yes'].includes(text)) return true;
  if (['false', 'no', '0'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((entry) => entry.trim());
};

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const IsTrustProxy = (message: string): PropertyDecorator =>
  ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'boolean' ||
        (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 32) ||
        (Array.isArray(value) && value.length > 0 && value.every((entry) => isProxyAddress(String(entry)))),
      defaultMessage: () => message,
    },
  });

/**
 * Every environment variable the product reads, with its default. One instance per
 * process, built by loadConfig() at start; a wrong value stops the start.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'], { message: 'NODE_ENV must be one of development, production, test' })
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt({ message: 'PORT must be an integer between 1 and 65535' })
  @Min(1, { message: 'PORT must be an integer between 1 and 65535' })
  @Max(65535, { message: 'PORT must be an integer between 1 and 65535' })
  PORT = 3000;

  @IsString()
  HOST = '127.0.0.1';

  @IsString()
  DATA_DIR = '.data';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true },
    {
      message: 'DATABASE_URL must be a postgres:// URL',
    },
  )
  DATABASE_URL?: string;

  /** Postgres connections this process may hold in its pool, whatever services it hosts. */
  @Transform(toInt)
  @IsInt({ message: 'DATABASE_POOL_SIZE must be an integer between 1 and 100' })
  @Min(1, { message: 'DATABASE_POOL_SIZE must be an integer between 1 and 100' })
  @Max(100, { message: 'DATABASE_POOL_SIZE must be an integer between 1 and 100' })
  DATABASE_POOL_SIZE = 10;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['redis', 'rediss'], require_tld: false, require_protocol: true },
    {
      message: 'REDIS_URL must be a redis:// or rediss:// URL',
    },
  )
  REDIS_URL?: string;

  /** Namespace of every key this deployment writes to Redis (queues, rate limits, sessions). */
  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: 'REDIS_PREFIX must be 1 to 40 letters, digits, - or _' })
  REDIS_PREFIX = 'portal';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'APP_URL must be an absolute http(s) URL such as https://portal.example.com' })
  APP_URL?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL = 'info';

  /** HS256 shared secret. Alternative: JWT_PRIVATE_KEY (identity) + JWT_PUBLIC_KEY (all). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  JWT_PRIVATE_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  JWT_PUBLIC_KEY?: string;

  /**
   * HMAC key of the queue dashboard's session cookies, signed and read by the gateway alone. Unset:
   * the access tokens' signing key (JWT_SECRET, or JWT_PRIVATE_KEY where the gateway hosts identity).
   * Set it where the gateway cannot sign access tokens (split mode with RS256).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @MinLength(32, { message: 'QUEUE_DASHBOARD_SESSION_SECRET must be at least 32 characters' })
  QUEUE_DASHBOARD_SESSION_SECRET?: string;

  @Transform(toInt)
  @IsInt({ message: 'ACCESS_TOKEN_TTL_SECONDS must be an integer number of seconds (60 to 86400)' })
  @Min(60, { message: 'ACCESS_TOKEN_TTL_SECONDS must be an integer number of seconds (60 to 86400)' })
  @Max(86400, { message: 'ACCESS_TOKEN_TTL_SECONDS must be an integer number of seconds (60 to 86400)' })
  ACCESS_TOKEN_TTL_SECONDS = 3600;

  /** all-in-one: this process hosts every service module; proxy: it forwards to the services. */
  @IsIn(['all-in-one', 'proxy'], { message: 'GATEWAY_MODE must be all-in-one or proxy' })
  GATEWAY_MODE: 'all-in-one' | 'proxy' = 'all-in-one';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'IDENTITY_URL must be an http(s) URL' })
  IDENTITY_URL?: string;
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'CATALOG_URL must be an http(s) URL' })
  CATALOG_URL?: string;
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'BILLING_URL must be an http(s) URL' })
  BILLING_URL?: string;
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'ONBOARDING_URL must be an http(s) URL' })
  ONBOARDING_URL?: string;
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'DOCUMENTS_URL must be an http(s) URL' })
  DOCUMENTS_URL?: string;
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'NOTIFICATIONS_URL must be an http(s) URL' })
  NOTIFICATIONS_URL?: string;

  /**
   * Bearer token Prometheus sends to GET /api/metrics (`Authorization: Bearer <token>`).
   * When set, in any mode, the endpoint refuses other callers; without it (development and
   * test only) the endpoint is open. Required in production.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9._~+/=-]{16,256}$/, {
    message: 'METRICS_TOKEN must be 16 to 256 characters: letters, digits and - . _ ~ + / =',
  })
  METRICS_TOKEN?: string;

  /** Whether this process runs queue workers, the outbox relay and the scheduler. */
  @Transform(toBool)
  @IsIn([true, false], { message: 'RUN_WORKERS must be true or false' })
  RUN_WORKERS = true;

  /**
   * Which proxies in front of this process are trusted to say who the client is (Fastify's
   * trustProxy): the client address is the first untrusted one from the right of
   * X-Forwarded-For. A number of hops (`1`: one load balancer, or the gateway in front of a
   * service), a comma-separated list of proxy addresses or CIDR ranges, or `true` (every hop:
   * only behind a proxy that overwrites X-Forwarded-For) / `false` (the socket's address).
   */
  @Transform(toTrustProxy)
  @IsTrustProxy(
    'TRUST_PROXY must be true, false, a number of trusted hops (1 to 32) or a comma-separated list of trusted proxy addresses or CIDR ranges',
  )
  TRUST_PROXY: TrustProxy = false;

  /**
   * Seconds a connection may go without a byte either way before it is closed (Node's socket timeout,
   * Fastify's connectionTimeout): a client that stops sending mid-request no longer holds what the
   * request holds (an upload's slot). A download read slowly, and a kept-alive connection between
   * requests (Fastify's keepAliveTimeout), are not idle by this measure.
   */
  @Transform(toInt)
  @IsInt({ message: 'HTTP_IDLE_TIMEOUT_SECONDS must be an integer number of seconds (1 to 3600)' })
  @Min(1, { message: 'HTTP_IDLE_TIMEOUT_SECONDS must be an integer number of seconds (1 to 3600)' })
  @Max(3600, { message: 'HTTP_IDLE_TIMEOUT_SECONDS must be an integer number of seconds (1 to 3600)' })
  HTTP_IDLE_TIMEOUT_SECONDS = 60;

  /** The OpenAPI UI and document at /api/docs and /api/docs/json; unset: off in production, on otherwise. */
  @Transform(toBool)
  @IsOptional()
  @IsIn([true, false], { message: 'API_DOCS must be true or false' })
  API_DOCS?: boolean;

  // Mail
  @IsIn(['file', 'ses'], { message: 'MAIL_TRANSPORT must be file or ses' })
  MAIL_TRANSPORT: 'file' | 'ses' = 'file';

  @IsString()
  MAIL_FROM = 'Portal <no-reply@portal.localhost>';

  /**
   * Mails handed to SES per second at most, by all mail workers together (MAIL_TRANSPORT=ses): the account's
   * maximum send rate (14 is SES's usual first production rate), so a large fan-out waits its turn instead
   * of spending its retries on throttling.
   */
  @Transform(toInt)
  @IsInt({ message: 'SES_MAX_SEND_RATE must be an integer between 1 and 10000' })
  @Min(1, { message: 'SES_MAX_SEND_RATE must be an integer between 1 and 10000' })
  @Max(10_000, { message: 'SES_MAX_SEND_RATE must be an integer between 1 and 10000' })
  SES_MAX_SEND_RATE = 14;

  /**
   * The Amazon SNS topics whose SES bounce and complaint notifications POST /api/notifications/ses-feedback
   * accepts (comma-separated ARNs); a message of another topic is refused. Empty: the endpoint answers 404.
   */
  @ValidateBy(
    {
      name: 'snsTopicArns',
      validator: { validate: (value: unknown) => typeof value === 'string' && parseTopicArns(value) !== undefined },
    },
    {
      message:
        'SES_FEEDBACK_TOPIC_ARNS must be Amazon SNS topic ARNs separated by commas, such as arn:aws:sns:us-east-1:123456789012:ses-feedback, or empty',
    },
  )
  SES_FEEDBACK_TOPIC_ARNS = '';

  /** SES_FEEDBACK_TOPIC_ARNS as a list (empty: no feedback endpoint). */
  get sesFeedbackTopicArns(): string[] {
    return parseTopicArns(this.SES_FEEDBACK_TOPIC_ARNS) ?? [];
  }

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false }, { message: 'STAFF_EMAIL must be an e-mail address' })
  STAFF_EMAIL = 'staff@portal.localhost';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false }, { message: 'SUPPORT_EMAIL must be an e-mail address' })
  SUPPORT_EMAIL = 'support@portal.localhost';

  /** The firm's name in e-mails and page titles. */
  @IsString()
  BRAND_NAME = 'Harbor Tax & Accounting';

  /** The firm's time zone (IANA): a receipt's date, a retry's day are the days there, not in UTC. */
  @IsTimeZone({ message: 'FIRM_TIME_ZONE must be an IANA time zone, such as America/New_York' })
  FIRM_TIME_ZONE = 'America/New_York';

  /** The first admin, ensured at start by identity (both or neither). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false }, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ADMIN_PASSWORD?: string;

  /**
   * The ADMIN_EMAIL admin's two-factor secret (base32, as authenticator apps take it): the account is
   * enrolled with it at start when it has no second factor yet. Without it that admin enrols at first sign-in.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Z2-7]{16,128}$/, {
    message: 'ADMIN_TOTP_SECRET must be a base32 secret (16 to 128 characters A-Z and 2-7, no padding)',
  })
  ADMIN_TOTP_SECRET?: string;

  /**
   * AES-256-GCM key of the two-factor secrets stored by identity: 32 bytes as 64 hex characters.
   * Required in production; in development and test generated once under DATA_DIR.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'TOTP_ENCRYPTION_KEY must be 64 hex characters (32 bytes)' })
  TOTP_ENCRYPTION_KEY?: string;

  // AWS (SES and S3); credentials come from the SDK's own chain (AWS_ACCESS_KEY_ID, roles, ...)
  @IsString()
  AWS_REGION = 'us-east-1';

  /** Override for S3/SES endpoints (an emulator such as moto_server). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'AWS_ENDPOINT_URL must be an http(s) URL' })
  AWS_ENDPOINT_URL?: string;

  // Files
  @IsIn(['local', 's3'], { message: 'STORAGE_DRIVER must be local or s3' })
  STORAGE_DRIVER: 'local' | 's3' = 'local';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  /** Bytes a client may keep in their vault, all files together (admins' library uploads are not counted). */
  @Transform(toInt)
  @IsInt({ message: 'VAULT_QUOTA_BYTES must be a whole number of bytes, at least 1048576 (1 MB)' })
  @Min(1024 * 1024, { message: 'VAULT_QUOTA_BYTES must be a whole number of bytes, at least 1048576 (1 MB)' })
  VAULT_QUOTA_BYTES = 10 * 1024 ** 3;

  /**
   * Uploads one documents process takes at once, all accounts together: each holds buffers (S3 parts
   * of 5 MB), so this bounds the memory uploads can take. One more is answered 503 with Retry-After.
   */
  @Transform(toInt)
  @IsInt({ message: 'DOCUMENTS_MAX_UPLOADS_IN_FLIGHT must be an integer between 1 and 1000' })
  @Min(1, { message: 'DOCUMENTS_MAX_UPLOADS_IN_FLIGHT must be an integer between 1 and 1000' })
  @Max(1000, { message: 'DOCUMENTS_MAX_UPLOADS_IN_FLIGHT must be an integer between 1 and 1000' })
  DOCUMENTS_MAX_UPLOADS_IN_FLIGHT = 16;

  /**
   * The slowest upload taken, in bytes a second: an upload may hold its slot for its expected size at
   * this rate (the size declared, or the largest taken when none is), and no less than
   * DOCUMENTS_UPLOAD_MIN_SECONDS; past that it is answered 408. 32 KB/s: 200 MB in under 2 hours. At least
   * 1 KB/s, so that the longest time (2.4 days) stays within what a Node timer can wait.
   */
  @Transform(toInt)
  @IsInt({ message: 'DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND must be an integer between 1024 and 1073741824' })
  @Min(1024, { message: 'DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND must be an integer between 1024 and 1073741824' })
  @Max(1024 ** 3, { message: 'DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND must be an integer between 1024 and 1073741824' })
  DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND = 32 * 1024;

  /** Seconds every upload may hold its slot, however small (see DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND). */
  @Transform(toInt)
  @IsInt({ message: 'DOCUMENTS_UPLOAD_MIN_SECONDS must be an integer number of seconds (1 to 86400)' })
  @Min(1, { message: 'DOCUMENTS_UPLOAD_MIN_SECONDS must be an integer number of seconds (1 to 86400)' })
  @Max(86400, { message: 'DOCUMENTS_UPLOAD_MIN_SECONDS must be an integer number of seconds (1 to 86400)' })
  DOCUMENTS_UPLOAD_MIN_SECONDS = 60;

  // Third parties of the web app. Vite reads the same variables when it builds web/, and the
  // gateway's Content-Security-Policy allows exactly their origins: one setting for both.
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: 'VITE_CHAT_WIDGET_URL must be an https URL' })
  VITE_CHAT_WIDGET_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: 'VITE_REVIEW_BADGE_URL must be an https URL' })
  VITE_REVIEW_BADGE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['https'], require_protocol: true },
    { message: 'VITE_CURRENCY_CONVERTER_URL must be an https URL' },
  )
  VITE_CURRENCY_CONVERTER_URL?: string;

  // Stripe
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STRIPE_SECRET_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STRIPE_PUBLISHABLE_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STRIPE_WEBHOOK_SECRET?: string;

  /** Override of Stripe's API origin, for the fake Stripe server in tests. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'STRIPE_API_BASE must be an http(s) URL' })
  STRIPE_API_BASE?: string;

  // Deadline reminders (notifications)
  /**
   * When the reminder job runs, in UTC: a five-field cron pattern, or `off` (no scheduled runs; admins can
   * still run it). Default every day at 13:00 UTC (8 or 9 AM on the US East Coast).
   */
  @ValidateBy(
    {
      name: 'cronOrOff',
      validator: {
        validate: (value: unknown) => value === 'off' || (typeof value === 'string' && isCronPattern(value)),
      },
    },
    {
      message:
        'DEADLINE_ALERTS_CRON must be a five-field cron pattern (minute hour day-of-month month day-of-week, UTC) such as "0 13 * * *", or off',
    },
  )
  DEADLINE_ALERTS_CRON = '0 13 * * *';

  /** Days before a filing deadline that a reminder goes out: a comma-separated list. */
  @ValidateBy(
    {
      name: 'alertDays',
      validator: { validate: (value: unknown) => typeof value === 'string' && parseAlertDays(value) !== undefined },
    },
    {
      message:
        'DEADLINE_ALERT_DAYS must be distinct whole numbers of days from 1 to 365, separated by commas, such as 30,7,1',
    },
  )
  DEADLINE_ALERT_DAYS = '30,7,1';

  /** DEADLINE_ALERT_DAYS as numbers, largest first. */
  get deadlineAlertDays(): number[] {
    return parseAlertDays(this.DEADLINE_ALERT_DAYS) ?? [];
  }
  /** The Stripe.js script the web app loads (read at run time through GET /api/payments/config). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(urlOptions, { message: 'STRIPE_JS_URL must be an http(s) URL' })
  STRIPE_JS_URL?: string;

  /** Absolute DATA_DIR. */
  get dataDir(): string {
    return resolve(this.DATA_DIR);
  }

  get appUrl(): string {
    return (this.APP_URL ?? `http://localhost:${this.PORT}`).replace(/\/+$/, '');
  }

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }

  /** Card payments work only with all three Stripe keys (billing's); without them payment routes answer 503. */
  get paymentsConfigured(): boolean {
    return Boolean(this.STRIPE_SECRET_KEY && this.STRIPE_PUBLISHABLE_KEY && this.STRIPE_WEBHOOK_SECRET);
  }

  /** Stripe.js as @stripe/stripe-js 10 expects it (its release train), unless STRIPE_JS_URL says otherwise. */
  get stripeJsUrl(): string {
    return this.STRIPE_JS_URL ?? DEFAULT_STRIPE_JS_URL;
  }

  /** Whether this process serves /api/docs (API_DOCS, by default everywhere but production). */
  get apiDocs(): boolean {
    return this.API_DOCS ?? !this.isProduction;
  }

  upstreamUrl(service: ServiceName): string | undefined {
    return this[`${service.toUpperCase()}_URL` as `${Uppercase<ServiceName>}_URL`];
  }
}

/** arn:<partition>:sns:<region>:<account id>:<topic name> (a FIFO topic's name ends in .fifo). */
const SNS_TOPIC_ARN = /^arn:aws(-cn|-us-gov)?:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}(\.fifo)?$/;

/** Comma-separated SNS topic ARNs (blank entries ignored), or undefined when one is not an ARN. */
function parseTopicArns(text: string): string[] | undefined {
  const arns = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return arns.every((arn) => SNS_TOPIC_ARN.test(arn)) ? arns : undefined;
}

export const DEFAULT_STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';

/**
 * Secret values anyone can read in this repository: docker-compose.yml's defaults, which let the local
 * container stack start without configuration, and the placeholders of infra/k8s/01-config.yaml.
 */
const PUBLISHED_SECRETS = new Set([
  'compose-dev-only-jwt-secret-do-not-use-in-production',
  'compose-dev-only-metrics-token',
  '0'.repeat(64),
]);
const PLACEHOLDER_PREFIX = 'REPLACE_ME';
const SECRET_SETTINGS = [
  'JWT_SECRET',
  'METRICS_TOKEN',
  'TOTP_ENCRYPTION_KEY',
  'QUEUE_DASHBOARD_SESSION_SECRET',
] as const;

/**
 * In production, a secret must not be one published here: with the compose default JWT_SECRET anyone can
 * sign an admin's token. A placeholder is refused everywhere; compose's defaults only where APP_URL is
 * this machine's (the local stack, whose ports are bound to 127.0.0.1).
 */
function publishedSecretProblems(config: AppConfig): string[] {
  const local = isThisMachine(config.appUrl);
  return SECRET_SETTINGS.filter((name) => {
    const value = config[name];
    return value && (value.startsWith(PLACEHOLDER_PREFIX) || (!local && PUBLISHED_SECRETS.has(value)));
  }).map(
    (name) =>
      `Invalid configuration: ${name} is a value published in this repository (a placeholder or a ` +
      `docker-compose.yml default): set a random one of your own`,
  );
}

function isThisMachine(url: string): boolean {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false; // APP_URL's own check says what is wrong with it
  }
}

/**
 * The Stripe keys go together (a secret key without its webhook secret would take payments whose
 * outcome never arrives), each of its kind, and all of one mode: test keys with test keys. The
 * publishable key may come alone: it is public, and the processes that serve the web app but take
 * no payments (the gateway in split mode) need it only to allow Stripe.js in their CSP.
 */
function stripeProblems(config: AppConfig): string[] {
  const keys = {
    STRIPE_SECRET_KEY: {
      value: config.STRIPE_SECRET_KEY,
      pattern: /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
      kind: 'sk_test_... or sk_live_...',
    },
    STRIPE_PUBLISHABLE_KEY: {
      value: config.STRIPE_PUBLISHABLE_KEY,
      pattern: /^pk_(test|live)_[A-Za-z0-9]+$/,
      kind: 'pk_test_... or pk_live_...',
    },
    STRIPE_WEBHOOK_SECRET: {
      value: config.STRIPE_WEBHOOK_SECRET,
      pattern: /^whsec_[A-Za-z0-9+/=]+$/,
      kind: 'whsec_...',
    },
  };
  const given = Object.entries(keys).filter(([, key]) => key.value);
  if (given.length === 0) return [];
  const publishableOnly = given.length === 1 && given[0][0] === 'STRIPE_PUBLISHABLE_KEY';
  if (given.length < 3 && !publishableOnly) {
    return [
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together, with STRIPE_PUBLISHABLE_KEY',
    ];
  }
  const problems = given
    .filter(([, key]) => !key.pattern.test(key.value!))
    .map(([name, key]) => `Invalid configuration: ${name} must be a Stripe key like ${key.kind}`);
  const mode = (key: string | undefined) => (/_test_/.test(key ?? '') ? 'test' : 'live');
  if (
    problems.length === 0 &&
    config.STRIPE_SECRET_KEY &&
    mode(config.STRIPE_SECRET_KEY) !== mode(config.STRIPE_PUBLISHABLE_KEY)
  ) {
    problems.push(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys',
    );
  }
  return problems;
}

/** Thrown when the environment is invalid; its message is one line per wrong variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

function describe(error: ValidationError): string {
  const expected = Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid`;
  const got = error.value === undefined ? '' : ` (got ${JSON.stringify(String(error.value))})`;
  return `Invalid configuration: ${expected}${got}`;
}

/**
 * Reads and validates the environment. In production every process needs Postgres, Redis, APP_URL,
 * METRICS_TOKEN and a key to verify access tokens; what only some processes need (identity's
 * signing and TOTP keys, the gateway's dashboard key) is checked by processConfigProblems() once the
 * process knows what it serves. In development and test a missing JWT secret and TOTP encryption
 * key are generated once and kept under DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const input = Object.fromEntries(Object.entries(env).filter(([key]) => known.includes(key)));
  const config = plainToInstance(AppConfig, input, { exposeDefaultValues: true });
  const problems = validateSync(config, { skipMissingProperties: false }).map(describe);

  const hasKeys = Boolean(config.JWT_PUBLIC_KEY);
  if (config.JWT_PRIVATE_KEY && !hasKeys) {
    problems.push('Invalid configuration: JWT_PUBLIC_KEY is required when JWT_PRIVATE_KEY is set');
  }
  if (config.isProduction) {
    if (!config.JWT_SECRET && !hasKeys) {
      problems.push(
        'Invalid configuration: JWT_SECRET (or JWT_PRIVATE_KEY and JWT_PUBLIC_KEY) is required in production',
      );
    }
    if (!config.DATABASE_URL) problems.push('Invalid configuration: DATABASE_URL is required in production');
    if (!config.REDIS_URL) problems.push('Invalid configuration: REDIS_URL is required in production');
    if (!config.APP_URL) problems.push('Invalid configuration: APP_URL is required in production');
    if (!config.METRICS_TOKEN) problems.push('Invalid configuration: METRICS_TOKEN is required in production');
    problems.push(...publishedSecretProblems(config));
  }
  if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
    problems.push('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (config.ADMIN_TOTP_SECRET && !config.ADMIN_EMAIL) {
    problems.push('Invalid configuration: ADMIN_TOTP_SECRET needs ADMIN_EMAIL and ADMIN_PASSWORD');
  }
  problems.push(...stripeProblems(config));
  if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET) {
    problems.push('Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER is s3');
  }
  if (problems.length) throw new ConfigError(problems);

  if (!config.JWT_SECRET && !hasKeys) {
    config.JWT_SECRET = developmentSecret(config.dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  }
  // Never in production: each replica would make its own key, and none could read the others' secrets.
  if (!config.isProduction) {
    config.TOTP_ENCRYPTION_KEY ??= developmentSecret(config.dataDir, 'totp-encryption-key', () =>
      randomBytes(32).toString('hex'),
    );
  }
  return config;
}

/** What a process serves: the gateway (its queue dashboard) and the services it hosts. */
export type ProcessPart = 'gateway' | ServiceName;

/**
 * What a serving process lacks in production for what it serves, beyond what loadConfig() requires
 * of every process: identity signs the access tokens and encrypts the two-factor secrets; the
 * gateway signs its queue dashboard's sessions (with their own key, or the access tokens' one).
 * So each process needs only its own secrets (infra/k8s gives each only those).
 */
export function processConfigProblems(config: AppConfig, serves: readonly ProcessPart[]): string[] {
  if (!config.isProduction) return [];
  const problems: string[] = [];
  const signsTokens = Boolean(config.JWT_PRIVATE_KEY || (config.JWT_SECRET && !config.JWT_PUBLIC_KEY));
  if (serves.includes('identity')) {
    if (!signsTokens) {
      problems.push(
        'Invalid configuration: JWT_PRIVATE_KEY (or JWT_SECRET) is required in production where identity runs: it signs the access tokens',
      );
    }
    if (!config.TOTP_ENCRYPTION_KEY) {
      problems.push('Invalid configuration: TOTP_ENCRYPTION_KEY is required in production where identity runs');
    }
  }
  if (serves.includes('gateway') && !config.QUEUE_DASHBOARD_SESSION_SECRET && !signsTokens) {
    problems.push(
      'Invalid configuration: QUEUE_DASHBOARD_SESSION_SECRET is required in production on a gateway without the access tokens’ signing key (its queue dashboard sessions)',
    );
  }
  return problems;
}

let current: AppConfig | undefined;

/** The process's configuration, loaded and validated once. */
export function appConfig(): AppConfig {
  return (current ??= loadConfig());
}

/**
 * The process's configuration, or the process stops with one line per wrong variable (no stack
 * trace). For code that reads the configuration while modules are declared, before main.ts runs.
 */
export function configOrExit(): AppConfig {
  try {
    return appConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** A secret kept in DATA_DIR/`name` (0600), written once by whichever process of a development start needs it first. */
function developmentSecret(dataDir: string, name: string, generate: () => string): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, generate(), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process of a split-mode start wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
