import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { sampleTestCases } from '../../../src/fixtures/test-case';
import { TestCasePage } from '../../../src/views/evaluations/TestCasePage';
import { statusBadgeTone, toneBorder, toneText } from '../../../src/views/ui/status-badge.css';

afterEach(cleanup);

const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
const items = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem');

describe('TestCasePage (/test-case/{id})', () => {
  it('shows query, category, status and created date', () => {
    render(<TestCasePage id="1" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Test Case 1' })).toBeTruthy();
    expect(definition('Query')).toBe('oak dining table');
    expect(definition('Category')).toBe('Dining Tables');
    expect(definition('Status')).toBe('SUCCESS');
    expect(screen.getByText('SUCCESS').className).toContain(statusBadgeTone.success);
    expect(definition('Created')).toBe('Mar 2, 2026, 9:18 AM');
  });

  it('shows the metrics to three decimals and a green nDCG summary at or above 80 %', () => {
    render(<TestCasePage id="1" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Metrics' })).toBeTruthy();
    expect(definition('nDCG@10')).toBe('0.866');
    expect(definition('Precision@10')).toBe('0.700');
    expect(definition('Recall@10')).toBe('0.778');
    expect(definition('F1@10')).toBe('0.737');
    const summary = screen.getByTestId('ndcg-summary');
    expect(summary.textContent).toBe('nDCG@10 86.6%: at or above the 80.0% target');
    expect(summary.className).toContain(toneText.success);
  });

  it('shows a yellow nDCG summary below 80 %', () => {
    render(<TestCasePage id="2" />);
    const summary = screen.getByTestId('ndcg-summary');
    expect(summary.textContent).toBe('nDCG@10 59.3%: below the 80.0% target');
    expect(summary.className).toContain(toneText.warning);
    expect(definition('Status')).toBe('FAIL');
  });

  it('frames results green when common and yellow when leftover, references green when common and red when missing', () => {
    render(<TestCasePage id="1" />);
    const [testCase] = sampleTestCases;
    const results = items('Search results');
    expect(results).toHaveLength(testCase.results.length);
    const resultMatches = results.map((item) => item.lastElementChild!.textContent);
    expect(resultMatches).toEqual([
      'Common',
      'Common',
      'Common',
      'Leftover',
      'Common',
      'Common',
      'Leftover',
      'Common',
      'Common',
      'Leftover',
    ]);
    results.forEach((item, index) => {
      expect(item.textContent).toContain(`${index + 1}. ${testCase.results[index].name}`);
      expect(item.className).toContain(resultMatches[index] === 'Common' ? toneBorder.success : toneBorder.warning);
    });

    const references = items('References');
    const referenceMatches = references.map((item) => item.lastElementChild!.textContent);
    expect(referenceMatches).toEqual(['Common', 'Common', 'Common', 'Common', 'Missing', 'Common', 'Common', 'Common', 'Missing']);
    references.forEach((item, index) => {
      expect(item.textContent).toContain(`relevance ${testCase.references[index].relevance}`);
      expect(item.className).toContain(referenceMatches[index] === 'Common' ? toneBorder.success : toneBorder.danger);
    });

    expect(items('Legend').map((item) => item.textContent)).toEqual([
      'Common: returned and referenced',
      'Missing: referenced, not returned',
      'Leftover: returned, not referenced',
    ]);
  });

  it('says so for an id of no sample test case', () => {
    render(<TestCasePage id="42" />);
    expect(screen.getByRole('alert').textContent).toBe('No test case with ID 42.');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });
});
