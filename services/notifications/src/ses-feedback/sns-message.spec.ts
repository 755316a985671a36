import { createSign, generateKeyPairSync } from 'node:crypto';
import {
  isSnsUrl,
  parseSnsEnvelope,
  SnsEnvelope,
  SnsMessageError,
  stringToSign,
  verifySnsSignature,
} from './sns-message';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_KEY = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem';
const NOW = Date.parse('2026-11-28T07:00:00.000Z');

/** A message as SNS would sign it with our test key. */
function signed(fields: Partial<SnsEnvelope> = {}, version = '1'): SnsEnvelope {
  const envelope: SnsEnvelope = {
    Type: 'Notification',
    MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
    TopicArn: 'arn:aws:sns:us-east-1:123456789012:ses-feedback',
    Subject: 'Amazon SES Email Event Notification',
    Message: '{"notificationType":"Bounce","bounce":{"bounceType":"Permanent"}}',
    Timestamp: '2026-11-28T06:59:00.000Z',
    SignatureVersion: version,
    Signature: '',
    SigningCertURL: CERT_URL,
    ...fields,
  };
  const signer = createSign(version === '2' ? 'RSA-SHA256' : 'RSA-SHA1');
  envelope.Signature = signer.update(stringToSign(envelope)).sign(privateKey, 'base64');
  return envelope;
}

const verify = (envelope: SnsEnvelope) => () => verifySnsSignature(envelope, PUBLIC_KEY, NOW);

describe('stringToSign', () => {
  it('is each documented key of a notification, in order, as "Key\\nValue\\n"; Subject only when present', () => {
    const envelope = signed();
    expect(stringToSign(envelope)).toBe(
      `Message\n${envelope.Message}\nMessageId\n${envelope.MessageId}\nSubject\n${envelope.Subject}\n` +
        `Timestamp\n${envelope.Timestamp}\nTopicArn\n${envelope.TopicArn}\nType\nNotification\n`,
    );
    expect(stringToSign({ ...envelope, Subject: undefined })).not.toContain('Subject');
  });

  it('covers SubscribeURL and Token in a subscription confirmation', () => {
    const envelope = signed({
      Type: 'SubscriptionConfirmation',
      Subject: undefined,
      SubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=t',
      Token: 't',
    });
    expect(stringToSign(envelope)).toBe(
      `Message\n${envelope.Message}\nMessageId\n${envelope.MessageId}\nSubscribeURL\n${envelope.SubscribeURL}\n` +
        `Timestamp\n${envelope.Timestamp}\nToken\nt\nTopicArn\n${envelope.TopicArn}\nType\nSubscriptionConfirmation\n`,
    );
  });
});

describe('verifySnsSignature', () => {
  it('accepts a message signed with SignatureVersion 1 (SHA1withRSA) and 2 (SHA256withRSA)', () => {
    expect(verify(signed({}, '1'))).not.toThrow();
    expect(verify(signed({}, '2'))).not.toThrow();
    expect(verify(signed({ Subject: undefined }, '2'))).not.toThrow();
  });

  it('refuses a message changed after it was signed', () => {
    const envelope = signed();
    expect(verify({ ...envelope, Message: envelope.Message.replace('Permanent', 'Transient') })).toThrow(
      new SnsMessageError('The message’s signature is not valid: it was not sent by Amazon SNS as is.'),
    );
    expect(verify({ ...envelope, TopicArn: 'arn:aws:sns:us-east-1:123456789012:other' })).toThrow(SnsMessageError);
    // A version-1 signature presented as version 2.
    expect(verify({ ...envelope, SignatureVersion: '2' })).toThrow(SnsMessageError);
  });

  it('refuses a certificate that is not on an SNS host, or not over https', () => {
    for (const url of [
      'https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-1.pem',
      'https://evil.example/SimpleNotificationService-1.pem',
      'https://sns.us-east-1.amazonaws.com/other.pem',
      'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem',
    ]) {
      expect(verify(signed({ SigningCertURL: url }))).toThrow(
        new SnsMessageError('SigningCertURL is not an Amazon SNS certificate address.'),
      );
    }
  });

  it('refuses an unknown SignatureVersion', () => {
    expect(verify({ ...signed(), SignatureVersion: '3' })).toThrow(
      new SnsMessageError('SignatureVersion 3 is not one SNS uses (1 or 2).'),
    );
  });

  it('refuses a message more than an hour old (a replay)', () => {
    expect(verify(signed({ Timestamp: '2026-11-28T05:59:59.000Z' }))).toThrow(
      new SnsMessageError('The message is more than an hour old: it is not acted on again.'),
    );
    expect(verify(signed({ Timestamp: '2026-11-28T06:00:01.000Z' }))).not.toThrow();
  });
});

describe('parseSnsEnvelope', () => {
  it('reads the JSON SNS sends as text/plain, and says what is missing from anything else', () => {
    const envelope = signed();
    expect(parseSnsEnvelope(JSON.stringify(envelope))).toEqual(envelope);
    expect(() => parseSnsEnvelope('{')).toThrow('The body is not an Amazon SNS message: it is not JSON.');
    expect(() => parseSnsEnvelope('[]')).toThrow('a JSON object is expected');
    expect(() => parseSnsEnvelope({ ...envelope, Type: 'Other' })).toThrow("The message's Type must be one of");
    expect(() => parseSnsEnvelope({ ...envelope, Signature: undefined })).toThrow('The message has no Signature.');
    expect(() => parseSnsEnvelope({ ...envelope, Type: 'SubscriptionConfirmation' })).toThrow(
      'The message has no SubscribeURL.',
    );
  });
});

describe('isSnsUrl', () => {
  it('lets only https links to an SNS host be opened', () => {
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=x&Token=y')).toBe(true);
    expect(isSnsUrl('https://sns.cn-north-1.amazonaws.com.cn/?Action=ConfirmSubscription')).toBe(true);
    expect(isSnsUrl('http://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription')).toBe(false);
    expect(isSnsUrl('https://169.254.169.254/latest/meta-data/')).toBe(false);
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com.evil.example/')).toBe(false);
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com:8443/')).toBe(false);
    expect(isSnsUrl('https://user@sns.eu-west-1.amazonaws.com/')).toBe(false);
    expect(isSnsUrl('not a url')).toBe(false);
  });
});
