import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import { ServiceDataDefinition, serviceDataSourceOptions } from './data-source';

/**
 * The named TypeORM connection of one service (name = service = schema). Repositories
 * are injected with `@InjectRepository(Entity, '<service>')`; migrations are run
 * before the application starts (see runServiceMigrations), never synchronised.
 */
@Module({})
export class DatabaseModule {
  static forService(definition: ServiceDataDefinition): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          name: definition.service,
          inject: [AppConfig],
          useFactory: (config: AppConfig) => {
            if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
            return { ...serviceDataSourceOptions(definition, config.DATABASE_URL), name: definition.service };
          },
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
