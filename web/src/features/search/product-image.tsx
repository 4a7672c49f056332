import { useState } from 'react';
import { safeHttpUrl } from '../../lib/retailers';

/** Retailer images fail often (hot-link protection, CSP, offline): a neutral pack icon takes their place. */
export function ProductImage({ src, alt }: { src: string | null; alt: string }) {
  const url = safeHttpUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) {
    return (
      <span className="product-image product-image--fallback" role="img" aria-label={alt} data-testid="image-fallback">
        <svg
          viewBox="0 0 48 48"
          width="40"
          height="40"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinejoin="round"
        >
          <rect x="9" y="14" width="30" height="26" rx="4" />
          <path d="M15 14V9h18v5M24 21v12M18 27h12" strokeLinecap="round" />
        </svg>
      </span>
    );
  }
  return (
    <img
      className="product-image"
      src={url}
      alt={alt}
      width={88}
      height={88}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(url)}
    />
  );
}
