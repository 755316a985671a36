import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository (or image) root: the nearest folder up whose package.json is the portal's. */
export function repoRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'portal') return dir;
    if (dirname(dir) === dir) throw new Error(`No portal package.json above ${from}`);
  }
}
