import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { TOO_MANY_UPLOADS, UPLOADS_BUSY } from '@portal/contracts';

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

  /** Runs `upload` in a slot of `accountId`, released however it ends (stored, refused, the client gone). */
  async run<T>(accountId: string, upload: () => Promise<T>): Promise<T> {
    const held = this.perAccount.get(accountId) ?? 0;
    if (held >= MAX_UPLOADS_IN_FLIGHT_PER_ACCOUNT) throw new TooManyUploadsException();
    if (this.total >= this.config.DOCUMENTS_MAX_UPLOADS_IN_FLIGHT) throw new UploadsBusyException();
    this.perAccount.set(accountId, held + 1);
    this.total += 1;
    try {
      return await upload();
    } finally {
      this.total -= 1;
      const left = (this.perAccount.get(accountId) ?? 1) - 1;
      if (left > 0) this.perAccount.set(accountId, left);
      else this.perAccount.delete(accountId);
    }
  }
}
