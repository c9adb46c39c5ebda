import { describe, expect, it } from 'vitest';
import {
  draftProblems,
  emptyEvaluationDraft,
  evaluationUpload,
  problemText,
  rankingFormatOfName,
} from '../../../src/domain/evaluations/evaluation-upload';

// The New Evaluation form's rules: the format a file's name tells, what keeps a form from being sent, what is sent.

const file = new File(['q1 Q0 P1 1 9.5 rerank\n'], 'offline.run');

describe('the ranking file’s format from its name', () => {
  it.each([
    ['run.trec', 'trec'],
    ['offline.run', 'trec'],
    ['RESULTS.TXT', 'trec'],
    ['export.csv', 'csv'],
    ['export.jsonl', 'jsonl'],
    ['export.ndjson', 'jsonl'],
    ['export.tsv', null],
    ['export', null],
    ['x.constructor', null],
  ])('reads %s as %s', (name, format) => {
    expect(rankingFormatOfName(name)).toBe(format);
  });
});

describe('the form’s checks', () => {
  it('names each field the server would refuse', () => {
    expect(draftProblems(emptyEvaluationDraft)).toEqual({
      name: 'Name the evaluation.',
      goldenSetId: 'Choose the golden set to score against.',
      file: 'Choose the ranking file.',
    });
    const filled = { ...emptyEvaluationDraft, name: 'x', goldenSetId: '2', file };
    expect(draftProblems(filled)).toEqual({});
    for (const k of ['0', '1001', '2.5', 'ten', '']) {
      expect(draftProblems({ ...filled, k }).k).toBe('k must be a whole number from 1 to 1,000.');
    }
    expect(draftProblems({ ...filled, k: '1000', relevantFrom: '100' })).toEqual({});
    expect(draftProblems({ ...filled, relevantFrom: '101' }).relevantFrom).toBe('Relevant from must be a whole number from 1 to 100.');
    expect(draftProblems({ ...filled, name: '   ' }).name).toBe('Name the evaluation.');
  });

  it('sends numbers as numbers, no dataset as null, and the queries file only with a TREC run', () => {
    const queries = new File([''], 'queries.tsv');
    const draft = { ...emptyEvaluationDraft, name: ' Offline ', goldenSetId: '2', k: ' 5 ', file, queries };
    expect(evaluationUpload(draft)).toEqual({
      name: 'Offline',
      goldenSetId: 2,
      datasetId: null,
      k: 5,
      gain: 'linear',
      relevantFrom: 1,
      format: 'trec',
      file,
      queries,
    });
    expect(evaluationUpload({ ...draft, datasetId: '7', format: 'jsonl' })).toMatchObject({ datasetId: 7, format: 'jsonl', queries: null });
  });

  it('words a refused file’s problem by line and field', () => {
    expect(problemText({ row: 4, column: 'rank', problem: 'must be a whole number' })).toBe('Line 4, field rank: must be a whole number');
    expect(problemText({ row: 9, column: null, problem: 'has 5 fields, not 6' })).toBe('Line 9: has 5 fields, not 6');
  });
});
