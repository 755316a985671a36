import type { CSSProperties, ReactNode } from 'react';
import styles from './illustrations.module.css';

/**
 * The home page's images: small flat drawings made for this site, drawn in three colours that each
 * block sets (--ill-a strong, --ill-b accent, --ill-c light), so one motif looks different per block.
 */

const A = 'var(--ill-a)';
const B = 'var(--ill-b)';
const C = 'var(--ill-c)';
const W = '#fff';

const MOTIFS = {
  ledger: (
    <>
      <rect x="28" y="14" width="64" height="62" rx="4" fill={A} />
      <rect x="34" y="14" width="58" height="62" rx="3" fill={W} />
      {[26, 36, 46, 56].map((y) => (
        <g key={y}>
          <rect x="42" y={y} width="24" height="4" rx="2" fill={C} />
          <rect x="72" y={y} width="14" height="4" rx="2" fill={B} />
        </g>
      ))}
      <rect x="42" y="66" width="44" height="3" rx="1.5" fill={A} />
    </>
  ),
  bars: (
    <>
      <rect x="22" y="70" width="76" height="3" rx="1.5" fill={A} />
      <rect x="28" y="46" width="12" height="24" rx="2" fill={C} />
      <rect x="46" y="34" width="12" height="36" rx="2" fill={B} />
      <rect x="64" y="40" width="12" height="30" rx="2" fill={C} />
      <rect x="82" y="20" width="12" height="50" rx="2" fill={A} />
    </>
  ),
  pie: (
    <>
      <circle cx="60" cy="45" r="28" fill={C} />
      <path d="M60 45V17a28 28 0 0 1 26.6 36.7z" fill={B} />
      <path d="M60 45l26.6 8.7A28 28 0 0 1 48 70.3z" fill={A} />
      <circle cx="60" cy="45" r="10" fill={W} />
    </>
  ),
  receipt: (
    <>
      <path d="M38 12h44v66l-7-5-7 5-8-5-7 5-8-5-7 5z" fill={W} stroke={A} strokeWidth="2" />
      <rect x="46" y="24" width="28" height="4" rx="2" fill={A} />
      <rect x="46" y="36" width="18" height="3" rx="1.5" fill={C} />
      <rect x="66" y="36" width="8" height="3" rx="1.5" fill={B} />
      <rect x="46" y="44" width="18" height="3" rx="1.5" fill={C} />
      <rect x="66" y="44" width="8" height="3" rx="1.5" fill={B} />
      <rect x="46" y="56" width="28" height="5" rx="2" fill={B} />
    </>
  ),
  calculator: (
    <>
      <rect x="38" y="12" width="44" height="66" rx="6" fill={A} />
      <rect x="44" y="18" width="32" height="14" rx="2" fill={C} />
      {[38, 50, 62].map((y) =>
        [44, 56, 68].map((x) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="8" height="8" rx="2" fill={x === 68 ? B : W} />
        )),
      )}
    </>
  ),
  building: (
    <>
      <rect x="34" y="22" width="34" height="54" rx="2" fill={A} />
      <rect x="68" y="40" width="20" height="36" rx="2" fill={B} />
      {[30, 42, 54].map((y) => (
        <g key={y}>
          <rect x="40" y={y} width="8" height="7" fill={C} />
          <rect x="54" y={y} width="8" height="7" fill={C} />
        </g>
      ))}
      <rect x="47" y="64" width="8" height="12" fill={W} />
      <rect x="24" y="76" width="72" height="3" rx="1.5" fill={A} />
    </>
  ),
  certificate: (
    <>
      <rect x="20" y="16" width="80" height="56" rx="4" fill={W} stroke={A} strokeWidth="2" />
      <rect x="30" y="26" width="40" height="5" rx="2.5" fill={A} />
      <rect x="30" y="37" width="52" height="3" rx="1.5" fill={C} />
      <rect x="30" y="45" width="44" height="3" rx="1.5" fill={C} />
      <circle cx="80" cy="58" r="9" fill={B} />
      <path d="M75 66l-3 12 8-4 8 4-3-12" fill={B} />
      <circle cx="80" cy="58" r="4" fill={W} />
    </>
  ),
  shield: (
    <>
      <path d="M60 12l28 10v20c0 18-12 30-28 36-16-6-28-18-28-36V22z" fill={A} />
      <path d="M60 20l20 7v15c0 13-8 22-20 27z" fill={B} opacity="0.6" />
      <path d="M47 45l9 9 17-18" fill="none" stroke={W} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  calendar: (
    <>
      <rect x="26" y="18" width="68" height="58" rx="6" fill={W} stroke={A} strokeWidth="2" />
      <rect x="26" y="18" width="68" height="14" rx="6" fill={A} />
      <rect x="38" y="12" width="4" height="12" rx="2" fill={B} />
      <rect x="78" y="12" width="4" height="12" rx="2" fill={B} />
      {[40, 52, 64].map((y) =>
        [34, 48, 62, 76].map((x) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="9" height="7" rx="1.5" fill={x === 62 && y === 52 ? B : C} />
        )),
      )}
    </>
  ),
  people: (
    <>
      <circle cx="40" cy="36" r="9" fill={C} />
      <path d="M24 70a16 16 0 0 1 32 0z" fill={C} />
      <circle cx="80" cy="36" r="9" fill={B} />
      <path d="M64 70a16 16 0 0 1 32 0z" fill={B} />
      <circle cx="60" cy="30" r="11" fill={A} />
      <path d="M40 74a20 20 0 0 1 40 0z" fill={A} />
    </>
  ),
  payslip: (
    <>
      <rect x="30" y="14" width="60" height="62" rx="4" fill={W} stroke={A} strokeWidth="2" />
      <circle cx="46" cy="32" r="8" fill={B} />
      <path d="M46 27v10M43 29.5h5a2 2 0 0 1 0 3h-4a2 2 0 0 0 0 3h5" stroke={W} strokeWidth="1.6" fill="none" />
      <rect x="58" y="27" width="24" height="4" rx="2" fill={A} />
      <rect x="58" y="34" width="16" height="3" rx="1.5" fill={C} />
      <rect x="38" y="48" width="44" height="3" rx="1.5" fill={C} />
      <rect x="38" y="56" width="44" height="3" rx="1.5" fill={C} />
      <rect x="60" y="64" width="22" height="5" rx="2" fill={B} />
    </>
  ),
  idCard: (
    <>
      <rect x="18" y="22" width="84" height="50" rx="6" fill={A} />
      <rect x="26" y="32" width="24" height="30" rx="3" fill={C} />
      <circle cx="38" cy="42" r="6" fill={W} />
      <path d="M29 60a9 9 0 0 1 18 0z" fill={W} />
      <rect x="58" y="34" width="36" height="5" rx="2.5" fill={W} />
      <rect x="58" y="45" width="28" height="4" rx="2" fill={B} />
      <rect x="58" y="54" width="32" height="4" rx="2" fill={C} />
    </>
  ),
  taxForm: (
    <>
      <rect x="30" y="10" width="60" height="70" rx="3" fill={W} stroke={A} strokeWidth="2" />
      <rect x="36" y="17" width="20" height="8" rx="1" fill={A} />
      <rect x="60" y="19" width="24" height="4" rx="2" fill={C} />
      {[32, 42, 52, 62].map((y) => (
        <g key={y}>
          <rect x="36" y={y} width="26" height="6" rx="1" fill="none" stroke={C} strokeWidth="1.5" />
          <rect x="66" y={y} width="18" height="6" rx="1" fill={y === 62 ? B : C} />
        </g>
      ))}
    </>
  ),
  percent: (
    <>
      <circle cx="60" cy="45" r="30" fill={A} />
      <circle cx="49" cy="34" r="7" fill="none" stroke={W} strokeWidth="4" />
      <circle cx="71" cy="56" r="7" fill="none" stroke={W} strokeWidth="4" />
      <path d="M74 30 46 60" stroke={B} strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  growth: (
    <>
      <rect x="20" y="16" width="80" height="58" rx="6" fill={W} stroke={C} strokeWidth="2" />
      <path
        d="M28 62l18-14 12 8 16-18 16-10"
        fill="none"
        stroke={A}
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M82 26h10v10" fill="none" stroke={B} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  vault: (
    <>
      <rect x="26" y="14" width="68" height="60" rx="6" fill={A} />
      <rect x="32" y="20" width="56" height="48" rx="4" fill={C} />
      <circle cx="60" cy="44" r="14" fill={W} stroke={B} strokeWidth="4" />
      <path d="M60 34v20M50 44h20" stroke={B} strokeWidth="3" strokeLinecap="round" />
      <rect x="34" y="74" width="10" height="5" rx="2" fill={A} />
      <rect x="76" y="74" width="10" height="5" rx="2" fill={A} />
    </>
  ),
  laptop: (
    <>
      <rect x="26" y="16" width="68" height="46" rx="4" fill={A} />
      <rect x="31" y="21" width="58" height="36" rx="2" fill={W} />
      <rect x="36" y="42" width="8" height="10" fill={C} />
      <rect x="48" y="34" width="8" height="18" fill={B} />
      <rect x="60" y="38" width="8" height="14" fill={C} />
      <rect x="72" y="28" width="12" height="4" rx="2" fill={A} />
      <path d="M16 66h88l-6 8H22z" fill={A} />
    </>
  ),
  globe: (
    <>
      <circle cx="60" cy="45" r="30" fill={C} />
      <ellipse cx="60" cy="45" rx="13" ry="30" fill="none" stroke={A} strokeWidth="2.5" />
      <path d="M30 45h60M34 30h52M34 60h52" stroke={A} strokeWidth="2.5" />
      <circle cx="84" cy="22" r="8" fill={B} />
      <path d="M80 22l3 3 5-6" stroke={W} strokeWidth="2" fill="none" strokeLinecap="round" />
    </>
  ),
  checklist: (
    <>
      <rect x="30" y="12" width="60" height="68" rx="5" fill={W} stroke={A} strokeWidth="2" />
      {[26, 42, 58].map((y, index) => (
        <g key={y}>
          <rect x="38" y={y} width="10" height="10" rx="2" fill={index < 2 ? B : C} />
          {index < 2 && <path d={`M40 ${y + 5}l2.5 2.5 4-5`} stroke={W} strokeWidth="2" fill="none" />}
          <rect x="54" y={y + 3} width="28" height="4" rx="2" fill={C} />
        </g>
      ))}
    </>
  ),
} satisfies Record<string, ReactNode>;

export type Motif = keyof typeof MOTIFS;

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
      {MOTIFS[motif]}
    </svg>
  );
}
