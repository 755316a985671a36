/** A testimonial's portrait: an illustrated figure of our own, coloured per person. */
export function Avatar({
  skin,
  hair,
  shirt,
  className,
}: {
  skin: string;
  hair: string;
  shirt: string;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="32" fill="#e6f3f2" />
      <path d="M12 64a20 18 0 0 1 40 0z" fill={shirt} />
      <circle cx="32" cy="28" r="12" fill={skin} />
      <path d="M19 27c0-9 6-15 13-15s13 6 13 14c-4-1-9-4-11-8-3 5-9 8-15 9z" fill={hair} />
    </svg>
  );
}
