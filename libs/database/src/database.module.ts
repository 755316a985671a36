import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, PROCESS_NAME } from '@portal/config';
import { ServiceDataDefinition, serviceDataSourceOptions } from './data-source';
import { PostgresNotifications } from './notifications';
import { SharedPool } from './shared-pool';

/**
 * The process's one Postgres pool (DATABASE_POOL_SIZE connections) and its one listening
 * connection, or null without DATABASE_URL. Both connect on first use; the process root
 * closes them after the data sources.
 */
@Global()
@Module({
  providers: [
    {
      provide: SharedPool,
      inject: [AppConfig, { token: PROCESS_NAME, optional: true }],
      useFactory: (config: AppConfig, processName?: string): SharedPool | null =>
        config.DATABASE_URL
          ? new SharedPool({
              url: config.DATABASE_URL,
              max: config.DATABASE_POOL_SIZE,
              // pg_stat_activity tells which process holds which connection.
              applicationName: `portal-${processName ?? 'app'}`,
            })
          : null,
    },
    {
      // One LISTEN connection for the whole process (outbox wake-ups, catalog changes), or null without DATABASE_URL.
      provide: PostgresNotifications,
      inject: [AppConfig, { token: PROCESS_NAME, optional: true }],
      useFactory: (config: AppConfig, processName?: string): PostgresNotifications | null =>
        config.DATABASE_URL
          ? new PostgresNotifications({
              connectionString: config.DATABASE_URL,
              application_name: `portal-${processName ?? 'app'}-listen`,
            })
          : null,
    },
  ],
  exports: [SharedPool, PostgresNotifications],
})
export class DatabasePoolModule {}

/**
 * The named TypeORM connection of one service (name = service = schema), drawing its
 * connections from the process's shared pool. Repositories are injected with
 * `@InjectRepository(Entity, '<service>')`; migrations are run before the application
 * starts (see runServiceMigrations), never synchronised.
 */
@Module({})
export class DatabaseModule {
  static forService(definition: ServiceDataDefinition): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        DatabasePoolModule,
        TypeOrmModule.forRootAsync({
          name: definition.service,
          inject: [AppConfig, SharedPool],
          useFactory: (config: AppConfig, pool: SharedPool | null) => {
            if (!config.DATABASE_URL || !pool) throw new Error('DATABASE_URL is not set');
            return {
              ...serviceDataSourceOptions(definition, config.DATABASE_URL),
              name: definition.service,
              driver: pool.driverFor(definition.service),
            };
          },
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
