import { Logger, OnModuleDestroy } from '@nestjs/common';
import { SendRawEmailCommand, SESClient, SESServiceException } from '@aws-sdk/client-ses';
import type { AppConfig } from '@portal/config';
import { MailRejectedError, MailTransport, OutgoingMail, type RefusalScope } from './mail-transport';
import { composeMime } from './mime';

/**
 * SendRawEmail's errors (SES API v1, @aws-sdk/client-ses) about the account or the sending identity, never
 * the message; with the common AWS errors of credentials that are wrong or lack the permission.
 */
const ACCOUNT_ERRORS = new Set([
  'AccountSendingPausedException',
  'ConfigurationSetDoesNotExistException',
  'ConfigurationSetSendingPausedException',
  'MailFromDomainNotVerifiedException',
  'AccessDenied',
  'AccessDeniedException',
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'UnrecognizedClientException',
]);
/**
 * MessageRejected is also SES's answer to an account problem: a sender identity not verified ("Email address
 * is not verified. The following identities failed the check ..."), or not ours to send from ("Did not have
 * authority to send from email ..."), recipients outside the sandbox, sending paused. Its other texts (a
 * blocked address, a virus, a message too long) are about the message.
 */
const ACCOUNT_REJECTION = /not verified|failed the check|authority to send|not authorized|sandbox|sending paused/i;
/** Refusals of this message for good: its recipients or its content. */
const MESSAGE_ERRORS = new Set(['MessageRejected', 'InvalidParameterValue']);
/** SES's throttling error ("Throttling" in the v1 API); its text says which limit: the rate, or the day's quota. */
const THROTTLING_ERRORS = new Set(['Throttling', 'ThrottlingException']);

/** What an SES error is about (see RefusalScope). */
export function refusalScope(error: { name: string; message: string }): RefusalScope {
  if (THROTTLING_ERRORS.has(error.name)) {
    return /daily message quota exceeded/i.test(error.message) ? 'quota' : 'transient';
  }
  if (ACCOUNT_ERRORS.has(error.name)) return 'account';
  if (error.name === 'MessageRejected' && ACCOUNT_REJECTION.test(error.message)) return 'account';
  return MESSAGE_ERRORS.has(error.name) ? 'message' : 'transient';
}

/**
 * Production transport: the same MIME bytes as the file transport, through SES
 * SendRawEmail. Credentials come from the SDK's chain; AWS_ENDPOINT_URL points it at
 * an emulator (moto_server) in tests.
 */
export class SesMailTransport implements MailTransport, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly client: SESClient;

  constructor(
    config: Pick<AppConfig, 'AWS_REGION' | 'AWS_ENDPOINT_URL'>,
    /**
     * The SDK waits forever by default. A send must end: the mails in flight together commit
     * their deliveries together (DeliveryLedger), so one hung request would hold them all.
     */
    timeouts: { connectionMs: number; requestMs: number } = { connectionMs: 5_000, requestMs: 30_000 },
  ) {
    this.client = new SESClient({
      region: config.AWS_REGION,
      ...(config.AWS_ENDPOINT_URL ? { endpoint: config.AWS_ENDPOINT_URL } : {}),
      requestHandler: {
        connectionTimeout: timeouts.connectionMs,
        requestTimeout: timeouts.requestMs,
        throwOnRequestTimeout: true,
      },
    });
  }

  async send(message: OutgoingMail): Promise<{ id: string }> {
    const raw = await composeMime(message);
    let messageId: string | undefined;
    try {
      ({ MessageId: messageId } = await this.client.send(new SendRawEmailCommand({ RawMessage: { Data: raw } })));
    } catch (error) {
      if (error instanceof SESServiceException) {
        throw new MailRejectedError(
          `SES refused message ${message.messageId}: ${error.name}: ${error.message}`,
          refusalScope(error),
          { cause: error },
        );
      }
      throw error;
    }
    if (!messageId) throw new Error('SES accepted the message but returned no MessageId');
    // By ids only: recipients and subjects (a client's name, a document's file name) are personal
    // data, and logs are kept and read more widely than the job, which holds them for its retention.
    this.logger.log(`mail ${message.messageId} sent: ses=${messageId}`);
    return { id: messageId };
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}
