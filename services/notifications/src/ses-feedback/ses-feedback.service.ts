import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import { DataSource, EntityManager } from 'typeorm';
import { unsubscribeDeadlineAlerts } from '../deadline-alerts/deadline-alerts.service';
import type { SuppressionReason } from '../mail/mail-suppression.entity';
import { recipientAddress } from '../mail/suppression-gate';
import { unsubscribeNewsletter } from '../newsletter/newsletter.service';
import { SNS_HTTP, SnsHttp } from './sns-http';
import {
  checkSnsEnvelope,
  isSnsUrl,
  parseSnsEnvelope,
  SnsEnvelope,
  SnsMessageError,
  verifySnsSignature,
} from './sns-message';

export const FEEDBACK_NOT_CONFIGURED = 'SES feedback is not received here (SES_FEEDBACK_TOPIC_ARNS is empty).';
export const UNKNOWN_TOPIC = 'Messages of this SNS topic are not accepted here.';

/** What the endpoint did with a message (SNS only reads the status; tests and logs read this). */
export type SesFeedbackOutcome = 'suppressed' | 'ignored' | 'subscription confirmed' | 'unsubscribe noted';

export interface SesFeedbackReply {
  received: true;
  outcome: SesFeedbackOutcome;
}

/** Characters of a bounce's diagnosticCode kept (a remote server's answer, sometimes long). */
const MAX_DIAGNOSTIC_CODE = 1000;
/** The longest an address can be (RFC 5321 path limit); anything longer is not one SES mailed. */
const MAX_ADDRESS = 320;

/** One address SES's feedback tells us to stop mailing. */
interface Suppression {
  address: string;
  reason: SuppressionReason;
  detail: string | null;
  diagnosticCode: string | null;
  seenAt: Date;
}

/** SES's notification (identity notifications: notificationType; configuration set events: eventType). */
interface SesNotification {
  notificationType?: unknown;
  eventType?: unknown;
  bounce?: {
    bounceType?: unknown;
    bounceSubType?: unknown;
    timestamp?: unknown;
    bouncedRecipients?: Array<{ emailAddress?: unknown; diagnosticCode?: unknown }>;
  };
  complaint?: {
    complaintFeedbackType?: unknown;
    complaintSubType?: unknown;
    timestamp?: unknown;
    complainedRecipients?: Array<{ emailAddress?: unknown }>;
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The addresses of a list of SES recipients, lower case, each once; anything not an address is left out. */
function addressesOf(recipients: unknown): string[] {
  if (!Array.isArray(recipients)) return [];
  const addresses = recipients
    .map((recipient) => text((recipient as { emailAddress?: unknown } | null)?.emailAddress))
    .filter((address): address is string => address !== null)
    .map(recipientAddress)
    .filter((address) => address.length <= MAX_ADDRESS && /^[^@\s]+@[^@\s]+$/.test(address));
  return [...new Set(addresses)];
}

/** The time of SES's event, else the SNS message's. */
function seenAt(timestamp: unknown, envelope: SnsEnvelope): Date {
  const at = new Date(text(timestamp) ?? envelope.Timestamp);
  return Number.isNaN(at.getTime()) ? new Date(envelope.Timestamp) : at;
}

/**
 * The addresses SES's notification tells us to stop mailing: every recipient of a permanent bounce and of
 * a complaint. A transient bounce (a full mailbox, a server down) and a delivery change nothing.
 */
export function suppressionsOf(message: SesNotification, envelope: SnsEnvelope): Suppression[] {
  const type = message.notificationType ?? message.eventType;
  if (type === 'Bounce' && message.bounce?.bounceType === 'Permanent') {
    const { bounce } = message;
    const diagnostics = new Map(
      (Array.isArray(bounce.bouncedRecipients) ? bounce.bouncedRecipients : []).map((recipient) => [
        recipientAddress(String(recipient?.emailAddress)),
        text(recipient?.diagnosticCode)?.slice(0, MAX_DIAGNOSTIC_CODE) ?? null,
      ]),
    );
    return addressesOf(bounce.bouncedRecipients).map((address) => ({
      address,
      reason: 'bounce',
      detail: text(bounce.bounceSubType),
      diagnosticCode: diagnostics.get(address) ?? null,
      seenAt: seenAt(bounce.timestamp, envelope),
    }));
  }
  if (type === 'Complaint' && message.complaint) {
    const { complaint } = message;
    return addressesOf(complaint.complainedRecipients).map((address) => ({
      address,
      reason: 'complaint',
      detail: text(complaint.complaintFeedbackType) ?? text(complaint.complaintSubType),
      diagnosticCode: null,
      seenAt: seenAt(complaint.timestamp, envelope),
    }));
  }
  return [];
}

/**
 * One row per address: a repeat of the same notification (SNS retries) changes nothing, a later one moves
 * last_seen_at. A bounce outranks a complaint: a complaint about a bounced address keeps the bounce's details.
 */
const UPSERT = `
  INSERT INTO mail_suppressions AS s (address, reason, detail, diagnostic_code, first_seen_at, last_seen_at, sns_message_id)
  VALUES ($1, $2, $3, $4, $5, $5, $6)
  ON CONFLICT (address) DO UPDATE SET
    reason = CASE WHEN s.reason = 'bounce' THEN s.reason ELSE excluded.reason END,
    detail = CASE WHEN s.reason = 'bounce' AND excluded.reason = 'complaint' THEN s.detail ELSE excluded.detail END,
    diagnostic_code = CASE WHEN s.reason = 'bounce' AND excluded.reason = 'complaint'
                           THEN s.diagnostic_code ELSE excluded.diagnostic_code END,
    first_seen_at = least(s.first_seen_at, excluded.first_seen_at),
    last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at),
    sns_message_id = excluded.sns_message_id`;

/**
 * SES's bounce and complaint feedback, as Amazon SNS posts it: every message's signature verified against
 * SNS's certificate, its topic one of SES_FEEDBACK_TOPIC_ARNS, and nothing older than an hour acted on.
 */
@Injectable()
export class SesFeedbackService {
  private readonly logger = new Logger(SesFeedbackService.name);

  constructor(
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    @Inject(SNS_HTTP) private readonly sns: SnsHttp,
  ) {}

  async receive(body: unknown, declaredType: string | undefined): Promise<SesFeedbackReply> {
    const topics = this.config.sesFeedbackTopicArns;
    if (!topics.length) throw new NotFoundException({ detail: FEEDBACK_NOT_CONFIGURED });
    const envelope = await this.verified(body, declaredType, topics);
    switch (envelope.Type) {
      case 'SubscriptionConfirmation':
        return this.confirmSubscription(envelope);
      case 'UnsubscribeConfirmation':
        this.logger.warn(`SNS: the subscription to ${envelope.TopicArn} was removed (message ${envelope.MessageId})`);
        return { received: true, outcome: 'unsubscribe noted' };
      default:
        return this.notification(envelope);
    }
  }

  /** The envelope, once its shape, topic, age and signature are right; a 400 (403 for another topic) otherwise. */
  private async verified(body: unknown, declaredType: string | undefined, topics: string[]): Promise<SnsEnvelope> {
    try {
      const envelope = parseSnsEnvelope(body);
      if (declaredType !== undefined && declaredType !== envelope.Type) {
        throw new SnsMessageError('The x-amz-sns-message-type header does not match the message’s Type.');
      }
      if (!topics.includes(envelope.TopicArn)) throw new ForbiddenException({ detail: UNKNOWN_TOPIC });
      checkSnsEnvelope(envelope);
      verifySnsSignature(envelope, await this.certificate(envelope));
      return envelope;
    } catch (error) {
      if (error instanceof SnsMessageError) throw new BadRequestException({ detail: error.message });
      throw error;
    }
  }

  private async certificate(envelope: SnsEnvelope): Promise<string> {
    try {
      return await this.sns.signingCertificate(envelope.SigningCertURL);
    } catch (error) {
      // Not the message's fault: SNS retries on a 5xx, by then the certificate may be reachable.
      this.logger.warn(`SNS message ${envelope.MessageId}: its signing certificate: ${(error as Error).message}`);
      throw new ServiceUnavailableException({ detail: 'The SNS signing certificate could not be fetched; try again.' });
    }
  }

  /** Confirms by opening SubscribeURL, only an https link to an SNS host (never any other address: SSRF). */
  private async confirmSubscription(envelope: SnsEnvelope): Promise<SesFeedbackReply> {
    const url = envelope.SubscribeURL!;
    if (!isSnsUrl(url)) throw new BadRequestException({ detail: 'SubscribeURL is not an Amazon SNS address.' });
    try {
      await this.sns.confirmSubscription(url);
    } catch (error) {
      this.logger.warn(`SNS: confirming the subscription to ${envelope.TopicArn}: ${(error as Error).message}`);
      throw new ServiceUnavailableException({ detail: 'The subscription could not be confirmed; try again.' });
    }
    this.logger.log(`SNS: subscription to ${envelope.TopicArn} confirmed (message ${envelope.MessageId})`);
    return { received: true, outcome: 'subscription confirmed' };
  }

  private async notification(envelope: SnsEnvelope): Promise<SesFeedbackReply> {
    let message: SesNotification;
    try {
      message = JSON.parse(envelope.Message) as SesNotification;
    } catch {
      // SES's own test message on a new event destination is text; a signed message of our topic is not an error.
      this.logger.log(`SNS message ${envelope.MessageId} is not an SES notification: ignored`);
      return { received: true, outcome: 'ignored' };
    }
    const suppressions = message && typeof message === 'object' ? suppressionsOf(message, envelope) : [];
    if (!suppressions.length) return { received: true, outcome: 'ignored' };
    const unsubscribed = await this.dataSource.transaction(async (manager) => {
      let count = 0;
      for (const suppression of suppressions) count += await this.suppress(manager, suppression, envelope.MessageId);
      return count;
    });
    this.logger.log(
      `SNS message ${envelope.MessageId}: ${suppressions.length} address(es) suppressed after a ${suppressions[0].reason}` +
        (unsubscribed ? `, ${unsubscribed} subscription(s) ended` : ''),
    );
    return { received: true, outcome: 'suppressed' };
  }

  /**
   * Records the address, and ends its newsletter and deadline-alert subscriptions, the state their
   * unsubscribe links leave: a complaint asks for it, and an address that bounced for good reads nothing
   * (each reminder run would queue a mail for it only to skip it). The number of subscriptions ended.
   */
  private async suppress(manager: EntityManager, suppression: Suppression, snsMessageId: string): Promise<number> {
    const { address, reason, detail, diagnosticCode, seenAt } = suppression;
    await manager.query(UPSERT, [address, reason, detail, diagnosticCode, seenAt, snsMessageId]);
    const newsletter = await unsubscribeNewsletter(manager, 'address', address);
    const deadlines = await unsubscribeDeadlineAlerts(manager, 'address', address);
    return newsletter.length + deadlines.length;
  }
}
