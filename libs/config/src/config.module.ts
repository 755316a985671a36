import { Global, Module } from '@nestjs/common';
import { AppConfig, appConfig } from './config';

/** Provides the one validated AppConfig of this process to every module. */
@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: appConfig }],
  exports: [AppConfig],
})
export class ConfigModule {}
