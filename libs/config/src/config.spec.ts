import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, processConfigProblems } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'portal-config-'));

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults with no configuration at all', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
    expect(config.GATEWAY_MODE).toBe('all-in-one');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.MAIL_TRANSPORT).toBe('file');
    expect(config.RUN_WORKERS).toBe(true);
    expect(config.SES_MAX_SEND_RATE).toBe(14);
  });

  it('takes SES_MAX_SEND_RATE as mails per second, a whole number from 1', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SES_MAX_SEND_RATE: '50' }).SES_MAX_SEND_RATE).toBe(50);
    expect(problems({ DATA_DIR: dataDir(), SES_MAX_SEND_RATE: '0' })).toEqual([
      'Invalid configuration: SES_MAX_SEND_RATE must be an integer between 1 and 10000 (got "0")',
    ]);
  });

  it('takes SES_FEEDBACK_TOPIC_ARNS as SNS topic ARNs, none by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sesFeedbackTopicArns).toEqual([]);
    const arns = 'arn:aws:sns:us-east-1:123456789012:ses-feedback, arn:aws-cn:sns:cn-north-1:210987654321:bounces';
    expect(loadConfig({ DATA_DIR: dataDir(), SES_FEEDBACK_TOPIC_ARNS: arns }).sesFeedbackTopicArns).toEqual([
      'arn:aws:sns:us-east-1:123456789012:ses-feedback',
      'arn:aws-cn:sns:cn-north-1:210987654321:bounces',
    ]);
    expect(problems({ DATA_DIR: dataDir(), SES_FEEDBACK_TOPIC_ARNS: 'https://sns.example.com/topic' })).toEqual([
      'Invalid configuration: SES_FEEDBACK_TOPIC_ARNS must be Amazon SNS topic ARNs separated by commas, such as arn:aws:sns:us-east-1:123456789012:ses-feedback, or empty (got "https://sns.example.com/topic")',
    ]);
  });

  it('derives APP_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: 'https://portal.example.com/' }).appUrl).toBe(
      'https://portal.example.com',
    );
  });

  it('names the variable and what is expected, one line per wrong value', () => {
    expect(problems({ DATA_DIR: dataDir(), PORT: 'abc', REDIS_URL: 'localhost:6379' })).toEqual([
      'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")',
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "localhost:6379")',
    ]);
    expect(problems({ DATA_DIR: dataDir(), GATEWAY_MODE: 'split' })).toEqual([
      'Invalid configuration: GATEWAY_MODE must be all-in-one or proxy (got "split")',
    ]);
    expect(problems({ DATA_DIR: dataDir(), RUN_WORKERS: 'maybe' })).toEqual([
      'Invalid configuration: RUN_WORKERS must be true or false (got "maybe")',
    ]);
  });

  it("dates mails in the firm's time zone, New York unless told another IANA zone", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).FIRM_TIME_ZONE).toBe('America/New_York');
    expect(loadConfig({ DATA_DIR: dataDir(), FIRM_TIME_ZONE: 'America/Chicago' }).FIRM_TIME_ZONE).toBe(
      'America/Chicago',
    );
    expect(problems({ DATA_DIR: dataDir(), FIRM_TIME_ZONE: 'Eastern' })).toEqual([
      'Invalid configuration: FIRM_TIME_ZONE must be an IANA time zone, such as America/New_York (got "Eastern")',
    ]);
  });

  it('keeps a 10 GB vault per client and 16 uploads at once per documents process unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect([defaults.VAULT_QUOTA_BYTES, defaults.DOCUMENTS_MAX_UPLOADS_IN_FLIGHT]).toEqual([10 * 1024 ** 3, 16]);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      VAULT_QUOTA_BYTES: '21474836480',
      DOCUMENTS_MAX_UPLOADS_IN_FLIGHT: '4',
    });
    expect([set.VAULT_QUOTA_BYTES, set.DOCUMENTS_MAX_UPLOADS_IN_FLIGHT]).toEqual([20 * 1024 ** 3, 4]);
    expect(problems({ DATA_DIR: dataDir(), VAULT_QUOTA_BYTES: '10GB', DOCUMENTS_MAX_UPLOADS_IN_FLIGHT: '0' })).toEqual([
      'Invalid configuration: VAULT_QUOTA_BYTES must be a whole number of bytes, at least 1048576 (1 MB) (got "10GB")',
      'Invalid configuration: DOCUMENTS_MAX_UPLOADS_IN_FLIGHT must be an integer between 1 and 1000 (got "0")',
    ]);
  });

  it('ends a connection idle for 60 s and gives an upload its size at 32 KB/s, 60 s at least, unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect([
      defaults.HTTP_IDLE_TIMEOUT_SECONDS,
      defaults.DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND,
      defaults.DOCUMENTS_UPLOAD_MIN_SECONDS,
    ]).toEqual([60, 32 * 1024, 60]);
    expect(
      problems({
        DATA_DIR: dataDir(),
        HTTP_IDLE_TIMEOUT_SECONDS: '0',
        DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND: '32KB',
        DOCUMENTS_UPLOAD_MIN_SECONDS: '-1',
      }),
    ).toEqual([
      'Invalid configuration: HTTP_IDLE_TIMEOUT_SECONDS must be an integer number of seconds (1 to 3600) (got "0")',
      'Invalid configuration: DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND must be an integer between 1024 and 1073741824 (got "32KB")',
      'Invalid configuration: DOCUMENTS_UPLOAD_MIN_SECONDS must be an integer number of seconds (1 to 86400) (got "-1")',
    ]);
  });

  it('requires secrets and external services in production', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'Invalid configuration: JWT_SECRET (or JWT_PRIVATE_KEY and JWT_PUBLIC_KEY) is required in production',
      'Invalid configuration: DATABASE_URL is required in production',
      'Invalid configuration: REDIS_URL is required in production',
      'Invalid configuration: APP_URL is required in production',
      'Invalid configuration: METRICS_TOKEN is required in production',
    ]);
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: 'short' })[0]).toBe(
      'Invalid configuration: JWT_SECRET must be at least 32 characters (got "short")',
    );
  });

  it("refuses in production the secrets published in this repository: compose's defaults off this machine, placeholders anywhere", () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://portal@db.example.com:5432/portal',
      REDIS_URL: 'redis://redis.example.com:6379',
      APP_URL: 'https://portal.example.com',
    };
    const compose = {
      JWT_SECRET: 'compose-dev-only-jwt-secret-do-not-use-in-production',
      METRICS_TOKEN: 'compose-dev-only-metrics-token',
      TOTP_ENCRYPTION_KEY: '0'.repeat(64),
    };
    const published = (name: string) =>
      `Invalid configuration: ${name} is a value published in this repository (a placeholder or a ` +
      'docker-compose.yml default): set a random one of your own';
    expect(problems({ ...production, ...compose })).toEqual([
      published('JWT_SECRET'),
      published('METRICS_TOKEN'),
      published('TOTP_ENCRYPTION_KEY'),
    ]);
    // The local container stack (APP_URL on this machine, ports bound to 127.0.0.1) starts with them.
    expect(problems({ ...production, ...compose, APP_URL: 'http://localhost:3000' })).toEqual([]);
    expect(problems({ ...production, ...compose, APP_URL: 'http://127.0.0.1:3000' })).toEqual([]);
    // k8s's placeholders, left unreplaced, never start.
    expect(
      problems({
        ...production,
        APP_URL: 'http://localhost:3000',
        JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
        METRICS_TOKEN: 'REPLACE_ME_WITH_A_RANDOM_TOKEN',
        QUEUE_DASHBOARD_SESSION_SECRET: 'REPLACE_ME_WITH_AT_LEAST_32_RANDOM_CHARACTERS',
      }),
    ).toEqual([published('METRICS_TOKEN'), published('QUEUE_DASHBOARD_SESSION_SECRET')]);
    // Development takes anything.
    expect(problems({ DATA_DIR: dataDir(), ...compose })).toEqual([]);
  });

  it('generates a development JWT secret once, private to the owner, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).JWT_SECRET;
    expect(first).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('generates a development TOTP encryption key (32 bytes, hex) once, private to the owner', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).TOTP_ENCRYPTION_KEY;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).TOTP_ENCRYPTION_KEY).toBe(first);
    expect(statSync(join(dir, 'totp-encryption-key')).mode & 0o777).toBe(0o600);
    expect(problems({ DATA_DIR: dir, TOTP_ENCRYPTION_KEY: 'abc' })).toEqual([
      'Invalid configuration: TOTP_ENCRYPTION_KEY must be 64 hex characters (32 bytes) (got "abc")',
    ]);
  });

  it('takes ADMIN_TOTP_SECRET as base32, only beside ADMIN_EMAIL', () => {
    const admin = { DATA_DIR: dataDir(), ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Adm1n!pass' };
    expect(problems({ ...admin, ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DP' })).toEqual([]);
    expect(problems({ ...admin, ADMIN_TOTP_SECRET: 'not base32!' })).toEqual([
      'Invalid configuration: ADMIN_TOTP_SECRET must be a base32 secret (16 to 128 characters A-Z and 2-7, no padding) (got "not base32!")',
    ]);
    expect(problems({ DATA_DIR: dataDir(), ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DP' })).toEqual([
      'Invalid configuration: ADMIN_TOTP_SECRET needs ADMIN_EMAIL and ADMIN_PASSWORD',
    ]);
  });

  it('takes the first admin as ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(problems({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'admin@example.com' })).toEqual([
      'Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    ]);
    expect(problems({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'Adm1n!pass' })).toEqual([
      'Invalid configuration: ADMIN_EMAIL must be an e-mail address (got "nope")',
    ]);
    expect(problems({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Adm1n!pass' })).toEqual(
      [],
    );
  });

  it('refuses production without METRICS_TOKEN, naming it in one line', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      DATABASE_URL: 'postgres://portal@db.example.com:5432/portal',
      REDIS_URL: 'redis://redis.example.com:6379',
      APP_URL: 'https://portal.example.com',
    };
    expect(problems(production)).toEqual(['Invalid configuration: METRICS_TOKEN is required in production']);
    expect(loadConfig({ ...production, METRICS_TOKEN: 'prometheus-scrape-token-0123' }).METRICS_TOKEN).toBe(
      'prometheus-scrape-token-0123',
    );
  });

  describe('in production, what only some processes need (processConfigProblems)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    // What every process of the split topology gets (infra/k8s): the public key, no secret of identity's.
    const everyProcess = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      JWT_PUBLIC_KEY: publicKey,
      DATABASE_URL: 'postgres://portal@db.example.com:5432/portal',
      REDIS_URL: 'redis://redis.example.com:6379',
      APP_URL: 'https://portal.example.com',
      METRICS_TOKEN: 'prometheus-scrape-token-0123',
    };
    const identity = { JWT_PRIVATE_KEY: privateKey, TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) };
    const dashboard = { QUEUE_DASHBOARD_SESSION_SECRET: 'q'.repeat(40) };
    const processProblems = (env: NodeJS.ProcessEnv, serves: Parameters<typeof processConfigProblems>[1]) =>
      processConfigProblems(loadConfig(env), serves);

    it('starts a service with the public key and no secret of identity’s, and makes no key of its own', () => {
      for (const service of ['catalog', 'billing', 'onboarding', 'documents', 'notifications'] as const) {
        expect(processProblems(everyProcess, [service])).toEqual([]);
      }
      const config = loadConfig(everyProcess);
      expect(config.TOTP_ENCRYPTION_KEY).toBeUndefined();
      expect(config.JWT_SECRET).toBeUndefined();
    });

    it('refuses identity without the private key or the TOTP encryption key', () => {
      expect(processProblems(everyProcess, ['identity'])).toEqual([
        'Invalid configuration: JWT_PRIVATE_KEY (or JWT_SECRET) is required in production where identity runs: it signs the access tokens',
        'Invalid configuration: TOTP_ENCRYPTION_KEY is required in production where identity runs',
      ]);
      expect(processProblems({ ...everyProcess, ...identity }, ['identity'])).toEqual([]);
      // A JWT_SECRET beside the public key signs nothing: RS256 is used.
      expect(
        processProblems(
          { ...everyProcess, JWT_SECRET: 's'.repeat(40), TOTP_ENCRYPTION_KEY: identity.TOTP_ENCRYPTION_KEY },
          ['identity'],
        ),
      ).toHaveLength(1);
    });

    it('refuses a gateway that could not sign its queue dashboard sessions', () => {
      expect(processProblems(everyProcess, ['gateway'])).toEqual([
        'Invalid configuration: QUEUE_DASHBOARD_SESSION_SECRET is required in production on a gateway without the access tokens’ signing key (its queue dashboard sessions)',
      ]);
      expect(processProblems({ ...everyProcess, ...dashboard }, ['gateway'])).toEqual([]);
      // All-in-one hosts identity: its signing key serves the dashboard too.
      const allInOne = [
        'gateway',
        'identity',
        'catalog',
        'billing',
        'onboarding',
        'documents',
        'notifications',
      ] as const;
      expect(processProblems({ ...everyProcess, ...identity }, allInOne)).toEqual([]);
      expect(processProblems({ ...everyProcess, JWT_PUBLIC_KEY: '', JWT_SECRET: 's'.repeat(40) }, ['gateway'])).toEqual(
        [],
      );
      expect(problems({ ...everyProcess, QUEUE_DASHBOARD_SESSION_SECRET: 'short' })).toEqual([
        'Invalid configuration: QUEUE_DASHBOARD_SESSION_SECRET must be at least 32 characters (got "short")',
      ]);
    });

    it('requires nothing new in development: keys are generated, the dashboard uses the JWT secret', () => {
      const dir = dataDir();
      const config = loadConfig({ DATA_DIR: dir });
      expect(config.QUEUE_DASHBOARD_SESSION_SECRET).toBeUndefined();
      expect(processConfigProblems(config, ['gateway', 'identity'])).toEqual([]);
      expect(processConfigProblems(loadConfig({ DATA_DIR: dir, JWT_PUBLIC_KEY: publicKey }), ['gateway'])).toEqual([]);
    });
  });

  it('takes METRICS_TOKEN in any mode, refusing one too short or unfit for a header', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'a-development-metrics-token' }).METRICS_TOKEN).toBe(
      'a-development-metrics-token',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(problems({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toEqual([
      'Invalid configuration: METRICS_TOKEN must be 16 to 256 characters: letters, digits and - . _ ~ + / = (got "short")',
    ]);
    expect(problems({ DATA_DIR: dataDir(), METRICS_TOKEN: 'has spaces in it, sixteen+' })).toHaveLength(1);
  });

  it('requires a bucket for S3 storage', () => {
    expect(problems({ DATA_DIR: dataDir(), STORAGE_DRIVER: 's3' })).toEqual([
      'Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER is s3',
    ]);
  });

  it('schedules deadline reminders daily at 13:00 UTC, 30, 7 and 1 days ahead, unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.DEADLINE_ALERTS_CRON).toBe('0 13 * * *');
    expect(config.deadlineAlertDays).toEqual([30, 7, 1]);
    const custom = loadConfig({ DATA_DIR: dataDir(), DEADLINE_ALERTS_CRON: 'off', DEADLINE_ALERT_DAYS: '1,14' });
    expect(custom.DEADLINE_ALERTS_CRON).toBe('off');
    expect(custom.deadlineAlertDays).toEqual([14, 1]);
  });

  it('names a wrong reminder schedule or list of days, one line each', () => {
    expect(problems({ DATA_DIR: dataDir(), DEADLINE_ALERTS_CRON: 'daily', DEADLINE_ALERT_DAYS: '30,0' })).toEqual([
      'Invalid configuration: DEADLINE_ALERTS_CRON must be a five-field cron pattern (minute hour day-of-month month day-of-week, UTC) such as "0 13 * * *", or off (got "daily")',
      'Invalid configuration: DEADLINE_ALERT_DAYS must be distinct whole numbers of days from 1 to 365, separated by commas, such as 30,7,1 (got "30,0")',
    ]);
  });

  describe('Stripe', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };

    it('configures payments with all three keys, Stripe.js defaulting to the release train of @stripe/stripe-js', () => {
      const config = loadConfig({ DATA_DIR: dataDir(), ...keys });
      expect(config.paymentsConfigured).toBe(true);
      expect(config.stripeJsUrl).toBe('https://js.stripe.com/endive/stripe.js');
      expect(loadConfig({ DATA_DIR: dataDir() }).paymentsConfigured).toBe(false);
      expect(
        loadConfig({ DATA_DIR: dataDir(), ...keys, STRIPE_JS_URL: 'http://127.0.0.1:9999/v3/stripe.js' }).stripeJsUrl,
      ).toBe('http://127.0.0.1:9999/v3/stripe.js');
    });

    it('takes the publishable key alone (a process that serves the pages but takes no payment): no payments there', () => {
      const config = loadConfig({ DATA_DIR: dataDir(), STRIPE_PUBLISHABLE_KEY: keys.STRIPE_PUBLISHABLE_KEY });
      expect(config.paymentsConfigured).toBe(false);
    });

    it('refuses secret keys given alone, keys of the wrong kind and test keys mixed with live ones', () => {
      const together =
        'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together, with STRIPE_PUBLISHABLE_KEY';
      expect(problems({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toEqual([together]);
      expect(problems({ DATA_DIR: dataDir(), ...keys, STRIPE_WEBHOOK_SECRET: '' })).toEqual([together]);
      expect(problems({ DATA_DIR: dataDir(), ...keys, STRIPE_PUBLISHABLE_KEY: '' })).toEqual([together]);
      expect(problems({ DATA_DIR: dataDir(), ...keys, STRIPE_SECRET_KEY: 'pk_test_swapped' })).toEqual([
        'Invalid configuration: STRIPE_SECRET_KEY must be a Stripe key like sk_test_... or sk_live_...',
      ]);
      expect(problems({ DATA_DIR: dataDir(), ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_51abc' })).toEqual([
        'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys',
      ]);
      expect(problems({ DATA_DIR: dataDir(), STRIPE_PUBLISHABLE_KEY: 'sk_test_swapped' })).toEqual([
        'Invalid configuration: STRIPE_PUBLISHABLE_KEY must be a Stripe key like pk_test_... or pk_live_...',
      ]);
      expect(problems({ DATA_DIR: dataDir(), ...keys, STRIPE_JS_URL: 'js.stripe.com' })).toEqual([
        'Invalid configuration: STRIPE_JS_URL must be an http(s) URL (got "js.stripe.com")',
      ]);
    });
  });

  it('takes TRUST_PROXY as true/false, a number of trusted hops, or trusted proxy addresses and ranges', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).TRUST_PROXY;
    expect(loadConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    const expected =
      'TRUST_PROXY must be true, false, a number of trusted hops (1 to 32) or a comma-separated list of trusted proxy addresses or CIDR ranges';
    for (const wrong of ['maybe', '10.0.0.0/33', '10.0.0.300', '99', 'proxy.example.com']) {
      expect(problems({ DATA_DIR: dataDir(), TRUST_PROXY: wrong })).toEqual([
        `Invalid configuration: ${expected} (got ${JSON.stringify(wrong.toLowerCase())})`,
      ]);
    }
  });
});
