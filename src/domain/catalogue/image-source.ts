/**
 * Where an image may be shown from: an http(s) address or a path on this server (one "/", not "//" or "/\",
 * which load from another host), as the server accepts them; nothing for anything else, such as
 * `javascript:`, which data stored before the server checked may still hold. Pure.
 */
export function imageSource(url: string | null | undefined): string | undefined {
  // Browsers drop tabs and line breaks inside a URL: "/\t/host" would become "//host".
  if (!url || /[\s\p{Cc}]/u.test(url)) return undefined;
  return /^\/(?![/\\])/.test(url) || /^https?:\/\/[^/\\?#@]/i.test(url) ? url : undefined;
}
