/** The site's badge: woodland blobs behind a blaze-orange reticle. Decorative; the link around it carries the name. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#2c3219" />
      <path fill="#4b5320" d="M3 9c4-4 9-3 11 0s-1 7-5 7-9-3-6-7z" />
      <path fill="#81613c" d="M16 19c3-3 9-4 12-1s0 8-5 8-10-3-7-7z" />
      <path fill="#0f100b" d="M18 5c3-1 8 0 8 3s-4 4-7 3-4-5-1-6zM5 22c2-2 6-1 6 2s-3 4-5 3-3-3-1-5z" />
      <circle cx="16" cy="16" r="7" fill="none" stroke="#ff6a13" strokeWidth="2.5" />
      <path stroke="#ff6a13" strokeWidth="2.5" d="M16 5v6M16 21v6M5 16h6M21 16h6" />
    </svg>
  );
}
