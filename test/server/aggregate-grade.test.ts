// The rules that make a golden set's grade of a pair out of its raters' grades, each with its ties.
import { describe, expect, it } from 'vitest';
import { aggregateGrade, pairGrade } from '../../server/golden-sets/aggregate-grade';

describe('aggregate grade', () => {
  it('has no grade without ratings, whatever the rule', () => {
    for (const rule of ['single', 'mean', 'median', 'majority', 'pessimistic'] as const) expect(aggregateGrade(rule, [])).toBeUndefined();
  });

  it('single: the only rating; several give their mean rounded half up', () => {
    expect(aggregateGrade('single', [2])).toBe(2);
    expect(aggregateGrade('single', [1, 2])).toBe(2);
    expect(aggregateGrade('single', [0, 1, 1])).toBe(1);
  });

  it('mean: rounded half up, exactly at the half', () => {
    expect(aggregateGrade('mean', [3])).toBe(3);
    expect(aggregateGrade('mean', [0, 1])).toBe(1);
    expect(aggregateGrade('mean', [2, 3])).toBe(3);
    expect(aggregateGrade('mean', [0, 0, 1])).toBe(0);
    expect(aggregateGrade('mean', [0, 1, 1])).toBe(1);
    expect(aggregateGrade('mean', [1, 1, 2, 2])).toBe(2);
  });

  it('median: the middle grade; of an even count the lower middle', () => {
    expect(aggregateGrade('median', [3, 0, 2])).toBe(2);
    expect(aggregateGrade('median', [3, 0])).toBe(0);
    expect(aggregateGrade('median', [1, 3, 2, 0])).toBe(1);
    expect(aggregateGrade('median', [2, 2, 3, 3])).toBe(2);
  });

  it('majority: the grade given most; a tie goes to the lower grade', () => {
    expect(aggregateGrade('majority', [3, 1, 3])).toBe(3);
    expect(aggregateGrade('majority', [3, 1])).toBe(1);
    expect(aggregateGrade('majority', [2, 3, 3, 2, 0])).toBe(2);
    expect(aggregateGrade('majority', [0, 0, 3, 3, 3])).toBe(3);
  });

  it('pessimistic: the three highest agree or their lowest counts; fewer than three give the rounded mean', () => {
    expect(aggregateGrade('pessimistic', [3, 3, 3, 0])).toBe(3);
    expect(aggregateGrade('pessimistic', [3, 3, 2, 3])).toBe(3);
    expect(aggregateGrade('pessimistic', [3, 3, 2])).toBe(2);
    expect(aggregateGrade('pessimistic', [0, 3, 1, 2])).toBe(1);
    expect(aggregateGrade('pessimistic', [2, 3])).toBe(3);
    expect(aggregateGrade('pessimistic', [1])).toBe(1);
  });

  it("counts an import's grade only while no known rater rated the pair", () => {
    expect(pairGrade('mean', [{ kind: 'import', grade: 3 }])).toBe(3);
    expect(
      pairGrade('mean', [
        { kind: 'import', grade: 3 },
        { kind: 'person', grade: 0 },
      ]),
    ).toBe(0);
    expect(
      pairGrade('mean', [
        { kind: 'import', grade: 3 },
        { kind: 'person', grade: 0 },
        { kind: 'model', grade: 1 },
      ]),
    ).toBe(1);
    expect(pairGrade('single', [])).toBeUndefined();
  });

  it('lets the newest adjudication decide while adjudications are preferred, and the rule decide otherwise', () => {
    const ratings = [
      { kind: 'person' as const, grade: 2, adjudication: true },
      { kind: 'person' as const, grade: 0 },
      { kind: 'person' as const, grade: 3, adjudication: true },
      { kind: 'model' as const, grade: 0 },
    ];
    expect(pairGrade('majority', ratings, true)).toBe(2);
    expect(pairGrade('majority', ratings, false)).toBe(0);
    expect(pairGrade('majority', ratings)).toBe(0);
  });
});
