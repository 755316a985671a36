import { DynamicModule, Module, Type } from '@nestjs/common';
import { AppConfig, ConfigError, configOrExit, processConfigProblems, ProcessPart } from '@portal/config';
import { runServiceMigrations, ServiceDataDefinition } from '@portal/database';
import { createHttpApp, HttpAppOptions } from './http-app';
import { PlatformModule } from './platform.module';

export interface ProcessDefinition extends Pick<HttpAppOptions, 'configure' | 'notFoundFallback'> {
  /** gateway, or a service name. */
  name: string;
  /** Service modules this process hosts. */
  modules: Array<Type<unknown> | DynamicModule>;
  /** What it serves (the gateway, the hosted services): the secrets it needs in production follow. */
  serves: readonly ProcessPart[];
  /** Their data: migrated before the app starts (and by `main.js migrate`). */
  data: ServiceDataDefinition[];
  /** Whether start-up runs pending migrations (else only `main.js migrate` does). */
  migrateOnStart: (config: AppConfig) => boolean;
}

/** Loads config or stops the process with one line per wrong variable (no stack trace). */
export { configOrExit } from '@portal/config';

export async function migrate(config: AppConfig, data: ServiceDataDefinition[]): Promise<string[]> {
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
  const applied: string[] = [];
  for (const definition of data) applied.push(...(await runServiceMigrations(definition, config.DATABASE_URL)));
  return applied;
}

/** Builds the root module of a process: the platform once, then the hosted service modules. */
export function processRootModule(definition: Pick<ProcessDefinition, 'name' | 'modules'>): Type<unknown> {
  @Module({ imports: [PlatformModule.forProcess(definition.name), ...definition.modules] })
  class ProcessRootModule {}
  return ProcessRootModule;
}

/**
 * Entry point of every main.ts: `node main.js` serves HTTP (and workers when
 * RUN_WORKERS), `node main.js migrate` runs this process's migrations and exits.
 */
export async function runProcess(definition: ProcessDefinition): Promise<void> {
  const config = configOrExit();
  const command = process.argv[2];
  try {
    if (command === 'migrate') {
      const applied = await migrate(config, definition.data);
      process.stdout.write(`${definition.name}: ${applied.length} migration(s) applied\n`);
      return;
    }
    if (command) throw new Error(`Unknown command "${command}" (expected: migrate, or nothing to serve)`);
    const problems = processConfigProblems(config, definition.serves);
    if (problems.length) throw new ConfigError(problems);

    if (definition.migrateOnStart(config)) await migrate(config, definition.data);
    const app = await createHttpApp(processRootModule(definition), {
      ...definition,
      processName: definition.name,
      config,
    });
    await app.listen({ port: config.PORT, host: config.HOST });
    app
      .getHttpAdapter()
      .getInstance()
      .log.info({ url: `http://localhost:${config.PORT}` }, `${definition.name} listening`);
  } catch (error) {
    // A configuration error reads as configOrExit() writes it: one line per wrong variable.
    const message =
      error instanceof ConfigError ? error.message : `${definition.name} failed to start: ${(error as Error).message}`;
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
    process.exit(1);
  }
}
