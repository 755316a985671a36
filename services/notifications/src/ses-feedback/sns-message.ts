import { createVerify } from 'node:crypto';

/*
 * Amazon SNS's HTTP(S) messages: the envelope SNS posts, the string its signature covers and the check of
 * that signature (Amazon SNS developer guide, "Verifying the signatures of Amazon SNS messages").
 */

export type SnsMessageType = 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

export interface SnsEnvelope {
  Type: SnsMessageType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  /** Subscription and unsubscribe confirmations only. */
  SubscribeURL?: string;
  Token?: string;
}

/** A message that is not SNS's, or not as SNS signed it: answered 400 with this text, nothing done. */
export class SnsMessageError extends Error {}

/** Where SNS serves its signing certificates (and, for a subscription, the confirmation link's host). */
export const SIGNING_CERT_URL =
  /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/SimpleNotificationService-[a-zA-Z0-9]+\.pem$/;

/** The SubscribeURL of a confirmation: https on an SNS host of the same pattern, nothing else is ever fetched. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** A message older than this is refused: a recorded message replayed later must not act again. */
export const MAX_MESSAGE_AGE_MS = 60 * 60 * 1000;

const TYPES: readonly SnsMessageType[] = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'];

/** The keys each type's signature covers, in the order of the string to sign. */
const SIGNED_KEYS: Record<SnsMessageType, ReadonlyArray<keyof SnsEnvelope>> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

const ALGORITHMS: Record<string, string> = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' };

/** The envelope in a request body (SNS sends JSON as text/plain), or SnsMessageError saying what is wrong. */
export function parseSnsEnvelope(body: unknown): SnsEnvelope {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new SnsMessageError('The body is not an Amazon SNS message: it is not JSON.');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new SnsMessageError('The body is not an Amazon SNS message: a JSON object is expected.');
  }
  const fields = value as Record<string, unknown>;
  if (!TYPES.includes(fields.Type as SnsMessageType)) {
    throw new SnsMessageError(`The message's Type must be one of ${TYPES.join(', ')}.`);
  }
  const type = fields.Type as SnsMessageType;
  const required = ['MessageId', 'TopicArn', 'Message', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL'];
  const optional = ['Subject'];
  (type === 'Notification' ? optional : required).push('SubscribeURL', 'Token');
  for (const key of required) {
    if (typeof fields[key] !== 'string') throw new SnsMessageError(`The message has no ${key}.`);
  }
  for (const key of optional) {
    if (fields[key] !== undefined && fields[key] !== null && typeof fields[key] !== 'string') {
      throw new SnsMessageError(`The message's ${key} must be text.`);
    }
  }
  return fields as unknown as SnsEnvelope;
}

/** What SNS signed: each covered key present in the message, as "Key\nValue\n", in the documented order. */
export function stringToSign(envelope: SnsEnvelope): string {
  return SIGNED_KEYS[envelope.Type]
    .filter((key) => typeof envelope[key] === 'string')
    .map((key) => `${key}\n${envelope[key]}\n`)
    .join('');
}

/** Whether `url` is where SNS serves signing certificates (https, an sns.<region>.amazonaws.com host). */
export function isSigningCertUrl(url: string): boolean {
  return SIGNING_CERT_URL.test(url);
}

/** Whether `url` is an https link to an SNS host: the only kind of SubscribeURL this service ever opens. */
export function isSnsUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      SNS_HOST.test(parsed.hostname) &&
      !parsed.port &&
      !parsed.username &&
      !parsed.password
    );
  } catch {
    return false;
  }
}

/**
 * Checks what can be checked before fetching the signing certificate: the signature version, the
 * certificate's address and the message's age. Throws SnsMessageError.
 */
export function checkSnsEnvelope(envelope: SnsEnvelope, now = Date.now()): void {
  if (!ALGORITHMS[envelope.SignatureVersion]) {
    throw new SnsMessageError(`SignatureVersion ${envelope.SignatureVersion} is not one SNS uses (1 or 2).`);
  }
  if (!isSigningCertUrl(envelope.SigningCertURL)) {
    throw new SnsMessageError('SigningCertURL is not an Amazon SNS certificate address.');
  }
  const sent = Date.parse(envelope.Timestamp);
  if (Number.isNaN(sent)) throw new SnsMessageError('The message’s Timestamp is not a time.');
  if (now - sent > MAX_MESSAGE_AGE_MS) {
    throw new SnsMessageError('The message is more than an hour old: it is not acted on again.');
  }
}

/**
 * Verifies the message's signature with the signing certificate's key (`publicKey`: the certificate or
 * its public key, PEM), after checkSnsEnvelope. Throws SnsMessageError.
 */
export function verifySnsSignature(envelope: SnsEnvelope, publicKey: string, now = Date.now()): void {
  checkSnsEnvelope(envelope, now);
  let valid: boolean;
  try {
    valid = createVerify(ALGORITHMS[envelope.SignatureVersion])
      .update(stringToSign(envelope), 'utf8')
      .verify(publicKey, envelope.Signature, 'base64');
  } catch {
    valid = false;
  }
  if (!valid) throw new SnsMessageError('The message’s signature is not valid: it was not sent by Amazon SNS as is.');
}
