import { Module } from '@nestjs/common';
import { SesFeedbackController } from './ses-feedback.controller';
import { SesFeedbackService } from './ses-feedback.service';
import { FetchSnsHttp, SNS_HTTP } from './sns-http';

/** SES's bounce and complaint feedback through SNS: the endpoint and what it records (see MailSuppression). */
@Module({
  controllers: [SesFeedbackController],
  providers: [SesFeedbackService, { provide: SNS_HTTP, useClass: FetchSnsHttp }],
})
export class SesFeedbackModule {}
