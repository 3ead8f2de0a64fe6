/** The programme's mark: a green tile with a check, as in the favicon. */
export function Logo({ size = 32, title = "Exam Portal" }: { size?: number; title?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={title}>
      <rect width="32" height="32" rx="6" fill="#50CD89" />
      <path d="M9 17l5 5 9-11" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
