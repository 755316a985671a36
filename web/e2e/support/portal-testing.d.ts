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

  /** The newest mail to `to` under `<dataDir>/mail`, waiting for one to arrive. */
  export function waitForMail(
    dataDir: string,
    to: string,
    options?: { since?: Date; timeoutMs?: number },
  ): Promise<ReadMail>;
}
