// The web program (web/tsconfig.json) does not compile libs/: their Nest code needs the server's
// compiler options (decorators, node16 modules). At run time jest maps @portal/testing to
// libs/testing/src; this declares the part the browser tests use, as libs/testing/src/mail.ts has it.
declare module '@portal/testing' {
  export interface ReadMail {
    subject: string;
    from: string;
    to: string[];
    text?: string;
    html?: string;
    /** Hrefs of the HTML part, then URLs of the text part. */
    links: string[];
    file: string;
  }

  /** The mails to `to` under `<dataDir>/mail`, newest first, for as long as `keep` says to go on. */
  export function readMails(
    dataDir: string,
    to: string,
    query?: { since?: Date },
    keep?: (mail: ReadMail) => boolean,
  ): Promise<ReadMail[]>;

  /** Runs SQL on a test database (libs/testing/src/accounts.ts). */
  export function sql<T = Record<string, unknown>>(url: string, text: string, values?: unknown[]): Promise<T[]>;

  /** The two-factor secret of the e2e app's admin (libs/testing/src/totp.ts). */
  export const TEST_ADMIN_TOTP_SECRET: string;

  /** A code of `secret` for `account` the server has not seen yet (waits for the next step if need be). */
  export function nextTotpCode(secret: string, account: string): Promise<string>;
}
