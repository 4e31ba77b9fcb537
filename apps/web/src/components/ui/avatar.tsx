import { defaultAvatarUrl } from '@spotter/contract';
import { useState } from 'react';
import './avatar.css';

export interface AvatarProps {
  src: string | null | undefined;
  /** The person's name; the alt text says whose picture it is. Empty when a name sits beside it. */
  alt: string;
  size?: number;
}

/** A round profile picture; a broken or missing URL falls back to the default avatar. */
export function Avatar({ src, alt, size = 40 }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? defaultAvatarUrl : src;
  return (
    <img
      className="avatar"
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
