import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig, loadConfig } from '@portal/config';
import { join } from 'node:path';
import { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';
import { createStorage, StorageModule } from './storage.module';

const base = {
  NODE_ENV: 'test',
  JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
  DATA_DIR: '/srv/portal-data',
};

describe('createStorage', () => {
  it('keeps files under DATA_DIR/files by default', async () => {
    const storage = createStorage(loadConfig(base));
    expect(storage).toBeInstanceOf(LocalFileStorage);
    expect((storage as LocalFileStorage).root).toBe(join('/srv/portal-data', 'files'));
    expect(storage.driver).toBe('local');
  });

  it('uses the bucket with STORAGE_DRIVER=s3', async () => {
    const storage = createStorage(
      loadConfig({
        ...base,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'portal-files',
        AWS_ENDPOINT_URL: 'http://127.0.0.1:5000',
      }),
    );
    expect(storage).toBeInstanceOf(S3FileStorage);
    expect(storage.driver).toBe('s3');
    await storage.close();
  });
});

describe('StorageModule', () => {
  it('provides FileStorage for injection', async () => {
    const config = loadConfig(base);
    @Global()
    @Module({ providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] })
    class TestConfigModule {}

    const moduleRef = await Test.createTestingModule({ imports: [TestConfigModule, StorageModule] }).compile();
    expect(moduleRef.get(FileStorage)).toBeInstanceOf(LocalFileStorage);
    await moduleRef.close();
  });
});
