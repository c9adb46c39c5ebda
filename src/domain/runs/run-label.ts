/**
 * How the console names a run: by its number within its experiment ("Run #3"), the global id staying in
 * the address. A run without a number (made elsewhere) is named by its id ("Run 10"). Pure.
 */
export type NumberedRun = { id: number; number?: number | null };

/** '#3', or '10' for a run without a number. */
export const runNumberText = ({ id, number }: NumberedRun): string => (number ? `#${number}` : String(id));

/** 'Run #3', or 'Run 10' for a run without a number. */
export const runLabel = (run: NumberedRun): string => `Run ${runNumberText(run)}`;
