import { HttpException, HttpStatus, Injectable, RequestTimeoutException } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { TOO_MANY_UPLOADS, UPLOAD_TOO_SLOW, UPLOADS_BUSY } from '@portal/contracts';

/** Uploads one account may have under way at once (a person sends a few files side by side, not dozens). */
export const MAX_UPLOADS_IN_FLIGHT_PER_ACCOUNT = 3;
/** What a 503 of a busy process tells the client to wait (Retry-After). */
export const UPLOADS_BUSY_RETRY_AFTER_SECONDS = 60;

/** 429: the account already has its uploads under way (no Retry-After: one of them ending frees a slot). */
export class TooManyUploadsException extends HttpException {
  constructor() {
    super({ detail: TOO_MANY_UPLOADS(MAX_UPLOADS_IN_FLIGHT_PER_ACCOUNT) }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** 503 with Retry-After (the exception filter reads `retryAfterSeconds`): the process takes no more uploads now. */
export class UploadsBusyException extends HttpException {
  readonly retryAfterSeconds = UPLOADS_BUSY_RETRY_AFTER_SECONDS;
  constructor() {
    super({ detail: UPLOADS_BUSY }, HttpStatus.SERVICE_UNAVAILABLE);
  }
}

/** 408: the upload held its slot past its time (see UploadSlots.run). */
export class UploadTooSlowException extends RequestTimeoutException {
  constructor() {
    super({ detail: UPLOAD_TOO_SLOW });
  }
}

/**
 * Counts the uploads this process is receiving, per account and in all, and refuses one more at once
 * rather than queueing it: each upload holds buffers (S3 multipart parts of 5 MB), so these bounds keep
 * many fast parallel uploads from exhausting the process's memory. Counted in the process, as the
 * memory is: with several replicas, an account may have this many under way on each.
 */
@Injectable()
export class UploadSlots {
  private readonly perAccount = new Map<string, number>();
  private total = 0;

  constructor(private readonly config: AppConfig) {}

  /**
   * Runs `upload` in a slot of `accountId`, released however it ends (stored, refused, the client gone).
   * A client that trickles its bytes would otherwise hold the slot for as long as it likes: `signal`
   * aborts with an UploadTooSlowException once the upload has had `expectedBytes` worth of time at
   * DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND (DOCUMENTS_UPLOAD_MIN_SECONDS at least); `upload` then stops
   * and leaves nothing behind.
   */
  async run<T>(accountId: string, expectedBytes: number, upload: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const held = this.perAccount.get(accountId) ?? 0;
    if (held >= MAX_UPLOADS_IN_FLIGHT_PER_ACCOUNT) throw new TooManyUploadsException();
    if (this.total >= this.config.DOCUMENTS_MAX_UPLOADS_IN_FLIGHT) throw new UploadsBusyException();
    this.perAccount.set(accountId, held + 1);
    this.total += 1;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new UploadTooSlowException()), this.timeLimitMs(expectedBytes));
    try {
      return await upload(deadline.signal);
    } finally {
      clearTimeout(timer);
      this.total -= 1;
      const left = (this.perAccount.get(accountId) ?? 1) - 1;
      if (left > 0) this.perAccount.set(accountId, left);
      else this.perAccount.delete(accountId);
    }
  }

  private timeLimitMs(expectedBytes: number): number {
    const { DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND: rate, DOCUMENTS_UPLOAD_MIN_SECONDS: least } = this.config;
    return Math.max(least, expectedBytes / rate) * 1000;
  }
}
