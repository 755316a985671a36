import { Logger } from '@nestjs/common';
import type { MenuItemReply } from '@portal/contracts';
import type { FormsService } from '../forms/forms.service';
import type { MenuService } from '../menu/menu.service';
import type { PagesService } from '../pages/pages.service';
import type { ServicesService } from '../services/services.service';
import { CatalogStore } from './catalog.store';

/** The menu's one item carries the number of the read that produced it. */
function fakeCatalog() {
  let reads = 0;
  const pending: Array<{ release(): void; fail(error: Error): void }> = [];
  let hold = false;
  const menu = {
    list: jest.fn(async (): Promise<MenuItemReply[]> => {
      const read = ++reads;
      if (hold) {
        await new Promise<void>((resolve, reject) =>
          pending.push({ release: resolve, fail: (error) => reject(error) }),
        );
      }
      return [{ id: String(read), path: '/books', title: 'Books', description: '', icon: '' }];
    }),
  };
  const empty = { list: async () => [] };
  const services = { list: async () => [], categoryAttributes: async () => [] };
  const store = new CatalogStore(
    menu as unknown as MenuService,
    empty as unknown as PagesService,
    services as unknown as ServicesService,
    empty as unknown as FormsService,
  );
  return {
    store,
    menu,
    /** Reads wait for release() from now on. */
    hold: () => (hold = true),
    /** Lets the oldest waiting read finish (or fail). */
    next: async (error?: Error) => {
      while (!pending.length) await new Promise((resolve) => setImmediate(resolve));
      const read = pending.shift()!;
      if (error) read.fail(error);
      else read.release();
    },
    served: () => (JSON.parse(store.current.menu.variant(undefined).bytes.toString()) as MenuItemReply[])[0].id,
  };
}

describe('CatalogStore', () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('reads the catalog once at start and serves that snapshot', async () => {
    const catalog = fakeCatalog();
    expect(() => catalog.store.current).toThrow('not loaded');
    await catalog.store.onModuleInit();
    expect(catalog.menu.list).toHaveBeenCalledTimes(1);
    expect(catalog.served()).toBe('1');
  });

  it('serves the new snapshot once a refresh has read it', async () => {
    const catalog = fakeCatalog();
    await catalog.store.onModuleInit();
    await catalog.store.refresh('an admin edit');
    expect(catalog.served()).toBe('2');
  });

  it('coalesces refreshes asked for during a read into one more read, which all of them wait for', async () => {
    const catalog = fakeCatalog();
    await catalog.store.onModuleInit();
    catalog.hold();
    const first = catalog.store.refresh('change 1');
    const second = catalog.store.refresh('change 2');
    const third = catalog.store.refresh('change 3');
    await catalog.next(); // read 2, begun before changes 2 and 3 were announced
    await first;
    expect(catalog.served()).toBe('2');
    await catalog.next(); // read 3 covers both
    await Promise.all([second, third]);
    expect(catalog.served()).toBe('3');
    expect(catalog.menu.list).toHaveBeenCalledTimes(3);
  });

  it('keeps serving the last snapshot when a read fails, and reads again a little later', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const catalog = fakeCatalog();
    await catalog.store.onModuleInit();
    catalog.hold();
    const failed = catalog.store.refresh('change');
    await catalog.next(new Error('connection refused'));
    await expect(failed).rejects.toThrow('connection refused');
    expect(catalog.served()).toBe('1');

    jest.advanceTimersByTime(5_000);
    await catalog.next();
    while (catalog.served() !== '3') await new Promise((resolve) => setImmediate(resolve));
    expect(catalog.menu.list).toHaveBeenCalledTimes(3);
  });

  it('fails to start when the first read fails', async () => {
    const catalog = fakeCatalog();
    catalog.hold();
    const start = catalog.store.onModuleInit();
    await catalog.next(new Error('relation "menu_items" does not exist'));
    await expect(start).rejects.toThrow('menu_items');
  });
});
