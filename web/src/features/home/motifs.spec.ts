import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MOTIFS } from './motifs';

describe('illustrations.svg', () => {
  it('has a symbol for each motif, and no other', () => {
    const sprite = readFileSync(join(__dirname, 'components', 'illustrations.svg'), 'utf8');
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 120 90">/g)].map((match) => match[1]);

    expect(ids.sort()).toEqual([...MOTIFS].sort());
  });

  it('is XML a browser reads: no comment holds a double hyphen (the whole file would fail to load)', () => {
    const sprite = readFileSync(join(__dirname, 'components', 'illustrations.svg'), 'utf8');
    const comments = [...sprite.matchAll(/<!--([\s\S]*?)-->/g)].map((match) => match[1]);

    for (const comment of comments) expect(comment).not.toContain('--');
  });

  it('draws in the three colours its element sets, or white', () => {
    const sprite = readFileSync(join(__dirname, 'components', 'illustrations.svg'), 'utf8');
    const colours = new Set([...sprite.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((match) => match[1]));

    for (const colour of colours)
      expect(['var(--ill-a)', 'var(--ill-b)', 'var(--ill-c)', '#fff', 'none']).toContain(colour);
  });
});
