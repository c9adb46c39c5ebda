/**
 * The comparison CSV's name when the server gives none: `run-A-vs-run-B-<metric>.csv` (`evaluation-E` for an
 * evaluation's side), and within a segment `run-A-vs-run-B-<metric>-<key>-<value>.csv`, so files cut by
 * different segments keep apart. Pure.
 */
import type { ComparisonParams } from './comparison-types';

/** Letters, digits, '_' and '@' kept (a metric reads as itself); any run of the rest one '-'. */
const fileNamePart = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_@]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/** A side as the name says it: 'run-12', or 'evaluation-5'. */
const sidePart = (ref: string | undefined): string => (ref?.includes(':') ? fileNamePart(ref) : `run-${ref}`);

export function comparisonFileName(params: ComparisonParams): string {
  const parts = [`${sidePart(params.baseline)}-vs-${sidePart(params.candidate)}`];
  if (params.metric) parts.push(fileNamePart(params.metric));
  if (params.segment) {
    const colon = params.segment.indexOf(':');
    parts.push(fileNamePart(params.segment.slice(0, colon)), fileNamePart(params.segment.slice(colon + 1)));
  }
  return `${parts.filter(Boolean).join('-')}.csv`;
}
