import { Logger, OnModuleDestroy } from '@nestjs/common';
import { SendRawEmailCommand, SESClient, SESServiceException } from '@aws-sdk/client-ses';
import type { AppConfig } from '@portal/config';
import { MailRejectedError, MailTransport, OutgoingMail } from './mail-transport';
import { composeMime } from './mime';

/** SES answers that mean "this message will never be accepted as it is". */
const PERMANENT_ERRORS = new Set(['MessageRejected', 'MailFromDomainNotVerifiedException', 'InvalidParameterValue']);

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
          PERMANENT_ERRORS.has(error.name),
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
