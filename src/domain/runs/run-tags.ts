/** Tags typed for a run, comma-separated: trimmed, blanks and repeats dropped. Pure. */
export function tagsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}
