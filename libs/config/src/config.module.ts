import { Global, Module } from '@nestjs/common';
import { AppConfig, appConfig } from './config';

/** Name of this process (gateway, or a service in split mode): /api/health, logs, Postgres application_name. */
export const PROCESS_NAME = Symbol('PROCESS_NAME');

/** Provides the one validated AppConfig of this process to every module. */
@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: appConfig }],
  exports: [AppConfig],
})
export class ConfigModule {}
