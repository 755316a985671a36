import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PLATFORM_GROUPS, platformLogoPath, platformLogoSlug } from './platforms';

const names = PLATFORM_GROUPS.flatMap((group) => group.platforms);

describe('supported platforms', () => {
  it('lists 25 distinct platforms', () => {
    expect(names).toHaveLength(25);
    expect(new Set(names.map(platformLogoSlug)).size).toBe(25);
  });

  it('has a monogram file for each', () => {
    const publicDir = join(__dirname, '../../../public');
    for (const name of names) expect(existsSync(join(publicDir, platformLogoPath(name)))).toBe(true);
    expect(platformLogoPath('Bill.com')).toBe('/platform-logos/bill-com.svg');
  });
});
