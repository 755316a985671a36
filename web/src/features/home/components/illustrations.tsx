import type { CSSProperties } from 'react';
import type { Motif } from '../motifs';
import styles from './illustrations.module.css';
// A file of its own, never inlined into the code: the drawings are fetched with the page's images, not
// with its JavaScript (<use> cannot read a data: URL either).
import spriteUrl from './illustrations.svg?no-inline';

/**
 * The home page's images: small flat drawings made for this site (illustrations.svg, a symbol each),
 * drawn in three colours that each block sets (--ill-a strong, --ill-b accent, --ill-c light), so one
 * motif looks different per block.
 */

export interface Palette {
  a: string;
  b: string;
  c: string;
  bg: string;
}

export function Illustration({
  motif,
  label,
  palette,
  className,
  style,
}: {
  motif: Motif;
  label: string;
  palette: Palette;
  className?: string;
  style?: CSSProperties;
}) {
  const colours = { '--ill-a': palette.a, '--ill-b': palette.b, '--ill-c': palette.c, background: palette.bg };
  return (
    <svg
      viewBox="0 0 120 90"
      role="img"
      aria-label={label}
      className={[styles.illustration, className].filter(Boolean).join(' ')}
      style={{ ...colours, ...style } as CSSProperties}
      focusable="false"
    >
      <use href={`${spriteUrl}#${motif}`} />
    </svg>
  );
}
