import { describe, expect, it } from 'vitest';
import { queryFromSearch, withOpenQuery } from '../../../src/domain/golden-sets/golden-set-address';
import {
  byGradeText,
  DEFAULT_SCALE,
  gradeDistribution,
  gradeFromKey,
  gradeText,
  historyChangeText,
  resizedLabels,
  scaleProblem,
} from '../../../src/domain/golden-sets/grade-scale';
import {
  editFailureText,
  focusAfterRemoving,
  fromServer,
  neighbour,
  shownRows,
  withEdit,
  withoutFailed,
  withSaved,
} from '../../../src/domain/golden-sets/judgement-edits';
import type { Judgement } from '../../../src/domain/judging/golden-set-judging-types';

// Judging's pure rules: how grades read, which keys grade, and how optimistic changes settle with the server.

const judged = (product_id: string, grade: number): Judgement => ({
  product_id,
  grade,
  judged_by: 'Ada',
  judged_at: '2026-11-20T09:00:00Z',
  name: `Product ${product_id}`,
  image_url: null,
});
const grades = (rows: Array<{ product_id: string; grade: number }>) => rows.map((row) => `${row.product_id}=${row.grade}`);

describe('the grading scale', () => {
  it('reads a grade as "2 · Good", and "Grade n" where the scale has no label', () => {
    expect(gradeText(DEFAULT_SCALE, 2)).toBe('2 · Good');
    expect(gradeText({ max_grade: 4, labels: ['No', 'Meh'] }, 4)).toBe('4 · Grade 4');
  });

  it('takes the digit keys of the scale only', () => {
    expect(['0', '3', '4', 'a', 'Enter'].map((key) => gradeFromKey(DEFAULT_SCALE, key))).toEqual([0, 3, null, null, null]);
  });

  it('lists every grade of the scale with its count, and the grades given with their counts', () => {
    expect(gradeDistribution(DEFAULT_SCALE, { '0': 12, '2': 30 })).toEqual([
      { grade: 0, count: 12 },
      { grade: 1, count: 0 },
      { grade: 2, count: 30 },
      { grade: 3, count: 0 },
    ]);
    expect(byGradeText(DEFAULT_SCALE, { '3': 1, '0': 1, '2': 3 })).toBe('Poor 1 · Good 3 · Perfect 1');
    expect(byGradeText(DEFAULT_SCALE, {})).toBe('No judgements');
  });

  it('words a history entry as added, removed or old → new', () => {
    expect(historyChangeText(DEFAULT_SCALE, { old_grade: null, new_grade: 2 })).toBe('Added as 2 · Good');
    expect(historyChangeText(DEFAULT_SCALE, { old_grade: 1, new_grade: null })).toBe('Removed (was 1 · Fair)');
    expect(historyChangeText(DEFAULT_SCALE, { old_grade: 1, new_grade: 3 })).toBe('1 · Fair → 3 · Perfect');
  });

  it('keeps labels when the highest grade changes and checks the draft before it is sent', () => {
    expect(resizedLabels(DEFAULT_SCALE.labels, 4)).toEqual(['Poor', 'Fair', 'Good', 'Perfect', 'Grade 4']);
    expect(resizedLabels(DEFAULT_SCALE.labels, 1)).toEqual(['Poor', 'Fair']);
    expect(scaleProblem({ max_grade: 0, labels: ['x'] })).toBe('The highest grade must be a whole number from 1 to 9.');
    expect(scaleProblem({ max_grade: 1, labels: ['Bad', ' '] })).toBe('Grade 1 needs a label.');
    expect(scaleProblem(DEFAULT_SCALE)).toBeNull();
  });
});

describe('optimistic judgement changes', () => {
  const server = fromServer([judged('P1', 2), judged('P2', 0)]);

  it('shows a change at once, then the server’s answer once it takes it', () => {
    const edited = withEdit(server, { kind: 'grade', product_id: 'P1', grade: 3 });
    expect(shownRows(edited).map((row) => [row.product_id, row.grade, row.saving])).toEqual([
      ['P1', 3, true],
      ['P2', 0, false],
    ]);
    const saved = withSaved(edited, { ...judged('P1', 3), judged_by: 'Grace' });
    expect(shownRows(saved)[0]).toMatchObject({ grade: 3, judged_by: 'Grace', saving: false });
  });

  it('brings back the server’s value of the refused product only, keeping a later change of another', () => {
    let edits = withEdit(server, { kind: 'grade', product_id: 'P1', grade: 3 });
    edits = withEdit(edits, { kind: 'grade', product_id: 'P2', grade: 1 });
    edits = withoutFailed(edits);
    expect(grades(shownRows(edits))).toEqual(['P1=2', 'P2=1']);
    expect(shownRows(edits)[1].saving).toBe(true);
  });

  it('sends only the last of several waiting changes of one product', () => {
    let edits = withEdit(server, { kind: 'grade', product_id: 'P2', grade: 1 });
    edits = withEdit(edits, { kind: 'grade', product_id: 'P1', grade: 3 });
    edits = withEdit(edits, { kind: 'grade', product_id: 'P1', grade: 1 });
    expect(edits.queue.map((edit) => edit.product_id)).toEqual(['P2', 'P1']);
    expect(grades(shownRows(edits))).toEqual(['P1=1', 'P2=1']);
  });

  it('hides a removal at once and shows the row again, in its place, when it is refused', () => {
    const removed = withEdit(server, { kind: 'remove', product_id: 'P1' });
    expect(grades(shownRows(removed))).toEqual(['P2=0']);
    expect(grades(shownRows(withoutFailed(removed)))).toEqual(['P1=2', 'P2=0']);
    expect(grades(shownRows(withSaved(removed, null)))).toEqual(['P2=0']);
  });

  it('adds a product at the end with its catalogue name, and drops it when the add is refused', () => {
    const added = withEdit(server, { kind: 'grade', product_id: 'P9', grade: 1, name: 'Green lamp', image_url: null });
    expect(shownRows(added).at(-1)).toMatchObject({ product_id: 'P9', grade: 1, name: 'Green lamp', judged_at: null, saving: true });
    expect(grades(shownRows(withoutFailed(added)))).toEqual(['P1=2', 'P2=0']);
  });

  it('says what was refused, why, and what the row shows now', () => {
    const text = (grade: number) => gradeText(DEFAULT_SCALE, grade);
    expect(editFailureText({ kind: 'grade', product_id: 'P1', grade: 3 }, 'Not allowed', { grade: 2 }, text)).toBe(
      'Could not grade P1 3 · Perfect: Not allowed. It is 2 · Good again.',
    );
    expect(editFailureText({ kind: 'remove', product_id: 'P1' }, 'Gone.', null, text)).toBe(
      'Could not remove P1: Gone. It has no judgement.',
    );
  });

  it('moves the keyboard between rows, and to a neighbour when its row is removed', () => {
    const rows = [{ product_id: 'P1' }, { product_id: 'P2' }, { product_id: 'P3' }];
    expect([neighbour(rows, null, 1), neighbour(rows, 'P1', 1), neighbour(rows, 'P3', 1), neighbour(rows, 'P1', -1)]).toEqual([
      'P1',
      'P2',
      'P3',
      'P1',
    ]);
    expect([focusAfterRemoving(rows, 'P2'), focusAfterRemoving(rows, 'P3'), focusAfterRemoving([{ product_id: 'P1' }], 'P1')]).toEqual([
      'P3',
      'P2',
      null,
    ]);
  });
});

describe('the golden set page’s address', () => {
  it('holds the query opened beside the list’s search and page', () => {
    expect(queryFromSearch('?search=sofa&query=red%20sofa')).toBe('red sofa');
    expect(queryFromSearch('?query=%20')).toBeNull();
    expect(withOpenQuery('?search=sofa&page=2', 'red sofa')).toBe('?search=sofa&page=2&query=red+sofa');
    expect(withOpenQuery('?query=red+sofa', null)).toBe('');
  });
});
