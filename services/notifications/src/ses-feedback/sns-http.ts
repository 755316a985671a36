import { Injectable } from '@nestjs/common';
import { isSigningCertUrl, isSnsUrl } from './sns-message';

/**
 * What the feedback endpoint fetches from Amazon SNS: signing certificates and subscription confirmations.
 * Behind a token so that tests supply their own key and never touch the network.
 */
export interface SnsHttp {
  /** The PEM at a SigningCertURL (already checked to be SNS's). */
  signingCertificate(url: string): Promise<string>;
  /** Opens a SubscriptionConfirmation's SubscribeURL (already checked to be SNS's): the subscription is confirmed. */
  confirmSubscription(url: string): Promise<void>;
}

export const SNS_HTTP = Symbol('SNS_HTTP');

const TIMEOUT_MS = 5_000;
/** A certificate is ~2 KB; anything much larger is not one. */
const MAX_CERTIFICATE_BYTES = 16 * 1024;
/** Certificates kept per URL: SNS rotates them rarely, and only URLs of its hosts get here. */
const MAX_CACHED_CERTIFICATES = 20;

/** SNS over fetch, with a timeout and a size cap; certificates cached per URL for the process's life. */
@Injectable()
export class FetchSnsHttp implements SnsHttp {
  private readonly certificates = new Map<string, Promise<string>>();

  signingCertificate(url: string): Promise<string> {
    if (!isSigningCertUrl(url)) return Promise.reject(new Error('not an SNS signing certificate URL'));
    let certificate = this.certificates.get(url);
    if (!certificate) {
      certificate = this.fetchCertificate(url);
      if (this.certificates.size >= MAX_CACHED_CERTIFICATES) this.certificates.clear();
      this.certificates.set(url, certificate);
      // A failed fetch is not kept: the next message tries again.
      certificate.catch(() => this.certificates.delete(url));
    }
    return certificate;
  }

  async confirmSubscription(url: string): Promise<void> {
    if (!isSnsUrl(url)) throw new Error('not an SNS URL');
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SNS answered ${response.status}`);
  }

  private async fetchCertificate(url: string): Promise<string> {
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`SNS answered ${response.status}`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_CERTIFICATE_BYTES || !response.body) {
      await response.body?.cancel();
      throw new Error('the certificate is too large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Uint8Array).byteLength;
      if (size > MAX_CERTIFICATE_BYTES) throw new Error('the certificate is too large');
      chunks.push(Buffer.from(chunk as Uint8Array));
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
