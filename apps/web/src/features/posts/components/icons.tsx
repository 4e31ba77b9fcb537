import type { ReactNode } from 'react';

/** Inline SVG icons (no icon font, no dependency). Decorative: the button around them carries the name. */
interface IconProps {
  filled?: boolean;
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function HeartIcon({ filled }: IconProps) {
  return (
    <Icon>
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8 3.4 4.5 6.9 4.5c2 0 3.4 1.1 5.1 3 1.7-1.9 3.1-3 5.1-3 3.5 0 5.3 3.5 4.2 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function BookmarkIcon({ filled }: IconProps) {
  return (
    <Icon>
      <path
        d="M6 3.5h12v17l-6-4.2-6 4.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function DotsIcon() {
  return (
    <Icon>
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </Icon>
  );
}

export function MediaIcon() {
  return (
    <Icon>
      <rect x="3" y="4.5" width="18" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="8.5" cy="9.5" r="1.8" fill="currentColor" />
      <path d="M4 18l5.5-5.5 4 4 2.5-2.5 4 4" fill="none" stroke="currentColor" strokeWidth="2" />
    </Icon>
  );
}
