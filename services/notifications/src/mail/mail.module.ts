import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { QUEUES } from '@portal/events';
import { configOrExit } from '@portal/http';
import { DevMailController } from './dev-mail.controller';
import { FileMailTransport } from './file-mail.transport';
import { mailProcessor } from './mail.processor';
import { MAIL_TRANSPORT } from './mail-transport';
import { SesMailTransport } from './ses-mail.transport';

/**
 * Mail delivery: the transport chosen by MAIL_TRANSPORT, the `mail` queue worker when
 * this process runs workers, and the dev mail viewer outside production. Needs
 * ConfigModule, QueueModule.forRoot() and DatabaseModule.forService(notifications data
 * with MailDelivery and its migration).
 */
@Module({})
export class MailModule {
  /**
   * What to register depends on the process's configuration, known when modules are
   * declared: by default the process's validated config (a wrong environment stops the
   * process with its one-line-per-variable message, as main.ts would).
   */
  static register(
    config: Pick<AppConfig, 'RUN_WORKERS' | 'isProduction' | 'MAIL_TRANSPORT' | 'SES_MAX_SEND_RATE'> = configOrExit(),
  ): DynamicModule {
    const transport: Provider = {
      provide: MAIL_TRANSPORT,
      inject: [AppConfig],
      useFactory: (current: AppConfig) =>
        current.MAIL_TRANSPORT === 'ses' ? new SesMailTransport(current) : new FileMailTransport(current),
    };
    const controllers: Type[] = config.isProduction ? [] : [DevMailController];
    return {
      module: MailModule,
      imports: config.RUN_WORKERS ? [BullModule.registerQueue({ name: QUEUES.mail })] : [],
      controllers,
      providers: [transport, ...(config.RUN_WORKERS ? [mailProcessor(config)] : [])],
      exports: [MAIL_TRANSPORT],
    };
  }
}
