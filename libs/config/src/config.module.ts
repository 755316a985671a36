import { Global, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from './config';

/** Provides the one validated AppConfig of this process to every module. */
@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: () => loadConfig() }],
  exports: [AppConfig],
})
export class ConfigModule {}
