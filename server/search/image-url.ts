/**
 * Which image URLs may reach the console's <img>: an http(s) address or a path on this server, nothing
 * else. `javascript:` or `data:` would run or embed what nobody checked, and `//host/x.png` or `/\host/x.png`
 * (browsers read \ as /) load from another host while looking like local paths. Pure.
 */
import { MAX_IMAGE_URL_LENGTH } from '../schemas/limits';

export const IMAGE_URL_RULE = 'must be an http(s) URL or a path on this server starting with a single "/"';

/** Why `url` may not be shown as an image; undefined when it may. */
export function imageUrlProblem(url: string): string | undefined {
  if (url.length > MAX_IMAGE_URL_LENGTH) return `is longer than ${MAX_IMAGE_URL_LENGTH.toLocaleString('en')} characters`;
  const localPath = /^\/(?![/\\])/.test(url);
  const webAddress = /^https?:\/\/[^/\\?#@]/i.test(url) && URL.canParse(url);
  if (!localPath && !webAddress) return IMAGE_URL_RULE;
  // Browsers drop tabs and line breaks inside a URL: "/\t/host" would become "//host".
  if (/[\s\p{Cc}]/u.test(url)) return `${IMAGE_URL_RULE}, without spaces or control characters`;
  return undefined;
}
