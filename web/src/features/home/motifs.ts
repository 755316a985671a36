/** The home page's drawings, one symbol each in components/illustrations.svg (motifs.spec.ts holds them equal). */
export const MOTIFS = [
  'ledger',
  'bars',
  'pie',
  'receipt',
  'calculator',
  'building',
  'certificate',
  'shield',
  'calendar',
  'people',
  'payslip',
  'idCard',
  'taxForm',
  'percent',
  'growth',
  'vault',
  'laptop',
  'globe',
  'checklist',
] as const;

export type Motif = (typeof MOTIFS)[number];
