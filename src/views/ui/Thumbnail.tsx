import type { ReactNode } from 'react';
import { imageSource } from '../../domain/catalogue/image-source';

/** A product's picture, loaded only from where an image may come from (imageSource); else the placeholder. */
export function Thumbnail({
  url,
  className,
  alt = '',
  placeholder = null,
}: {
  url: string | null | undefined;
  className: string;
  alt?: string;
  placeholder?: ReactNode;
}) {
  const source = imageSource(url);
  return source ? <img className={className} src={source} alt={alt} loading="lazy" /> : placeholder;
}
