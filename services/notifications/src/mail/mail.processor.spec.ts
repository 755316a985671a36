import { WORKER_METADATA } from '@nestjs/bullmq/dist/bull.constants';
import { mailProcessor, mailWorkerOptions } from './mail.processor';

describe('mail worker options', () => {
  it('with SES, limits the sends of all the workers together to SES_MAX_SEND_RATE a second', () => {
    const config = { MAIL_TRANSPORT: 'ses', SES_MAX_SEND_RATE: 14 } as const;
    expect(mailWorkerOptions(config)).toEqual({ concurrency: 32, limiter: { max: 14, duration: 1000 } });
    // What BullMQ's worker is created with: the options @Processor stored on the class.
    expect(Reflect.getMetadata(WORKER_METADATA, mailProcessor(config))).toEqual({
      concurrency: 32,
      limiter: { max: 14, duration: 1000 },
    });
  });

  it('writes files as fast as it can', () => {
    expect(mailWorkerOptions({ MAIL_TRANSPORT: 'file', SES_MAX_SEND_RATE: 14 })).toEqual({ concurrency: 32 });
  });
});
