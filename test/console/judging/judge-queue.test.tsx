import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import type { RunJudgingTarget, UnjudgedItem } from '../../../src/domain/judging/judging-types';
import { JudgeQueuePage } from '../../../src/views/judging/JudgeQueuePage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderRoute, renderWithLogic } from '../helpers/render-console';

// The judging queue's ends: the summary's Rescore and Back to the run, a queue with nothing left,
// the route with its position, and grading with the mouse as well as the keys; a scope from the address and
// another chosen, the question before a new query's first grade, and a golden set's own queue.

afterEach(cleanup);

const goldenSet: GoldenSet = {
  id: 4,
  name: 'Sofas DE',
  description: '',
  market: 'DE',
  query_count: 1,
  judgement_count: 2,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  scale: { max_grade: 1, labels: ['Not relevant', 'Relevant'] },
  grade_counts: { '1': 1 },
  version: 3,
  changed_at: null,
};

const target: RunJudgingTarget = { goldenSetId: 4, scale: { max_grade: 1, labels: ['Not relevant', 'Relevant'] }, runNumber: 3 };
const pair: UnjudgedItem = {
  query: 'red sofa',
  product_id: 'P9',
  rank: 3,
  result_id: 55,
  name: 'Velvet sofa',
  image_url: null,
  description: null,
  attributes: {},
  new_query: false,
};

async function openQueue(items: UnjudgedItem[], path = '/experiment-run-results/9/judge') {
  const services = fakeDeps();
  renderWithLogic(services, path, <JudgeQueuePage id={9} />);
  await services.settle('judgingTarget', { output: target });
  await services.settle('unjudged', { output: { items, total: items.length, missing: null } });
  return services;
}

describe('the judging queue', () => {
  it('grades with the buttons too, then rescores the run and opens the new run', async () => {
    const services = await openQueue([pair]);
    expect(services.last('unjudged').args).toEqual([9, 1, 50, { scope: 'judged' }]);
    // The scale's own keys and labels.
    expect(screen.getByText('0–1 grade · ←/→ or j/k move · s skip')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '1 Relevant' }));
    expect(services.last('saveJudgement').args).toEqual([4, { query: 'red sofa', product_id: 'P9', grade: 1 }]);
    expect(screen.getByText('Judged 1, skipped 0')).toBeTruthy();
    // The grade is still on its way: a rescore now would miss it.
    expect((screen.getByRole('button', { name: 'Saving grades...' }) as HTMLButtonElement).disabled).toBe(true);
    await services.settle('saveJudgement', {
      output: { product_id: 'P9', name: 'Velvet sofa', image_url: null, grade: 1, judged_by: 'ada', judged_at: '2026-11-22T15:04:00Z' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rescore the run' }));
    expect(services.last('rescore').args).toEqual([9, {}]);
    await services.settle('rescore', {
      output: {
        id: 14,
        evaluation_script_name: 'Golden set relevance',
        tags: [],
        status: 'pending',
        total_cost: 0,
        created_at: '2026-11-22T15:04:00Z',
        updated_at: '2026-11-22T15:04:00Z',
      },
    });
    expect(services.currentPath()).toBe('/experiment-run-results/14');
  });

  it('says why a rescore was refused, and goes back to the run', async () => {
    const services = await openQueue([pair]);
    fireEvent.keyDown(document.activeElement!, { key: 's' });
    expect(screen.getByText('Judged 0, skipped 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rescore the run' }));
    await services.settle('rescore', { error: new Error('Experiment run 9 has not finished') });
    expect(screen.getByRole('alert').textContent).toBe('Rescore failed: Experiment run 9 has not finished');
    fireEvent.click(screen.getAllByRole('button', { name: 'Back to the run' })[0]);
    expect(services.currentPath()).toBe('/experiment-run-results/9');
  });

  it('counts judged, skipped and left from the server’s total, moving on a grade as on a skip', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/9/judge', <JudgeQueuePage id={9} />);
    await services.settle('judgingTarget', { output: target });
    const items = ['P9', 'P3', 'P4', 'P5'].map((id) => ({ ...pair, product_id: id }));
    await services.settle('unjudged', { output: { items, total: 1958, missing: null } });
    const progress = () => screen.getByLabelText('Progress').textContent;
    expect(progress()).toBe('judged 0 · skipped 0 · left 1,958');
    fireEvent.keyDown(document.activeElement!, { key: '1' });
    expect(progress()).toBe('judged 1 · skipped 0 · left 1,957');
    await services.settle('saveJudgement', {
      output: { product_id: 'P9', name: 'Velvet sofa', image_url: null, grade: 1, judged_by: 'ada', judged_at: '2026-11-22T15:04:00Z' },
    });
    expect(progress()).toBe('judged 1 · skipped 0 · left 1,957');
    fireEvent.keyDown(document.activeElement!, { key: 's' });
    expect(progress()).toBe('judged 1 · skipped 1 · left 1,957');
    // A grade the server refused is not judged after all: it is left again.
    fireEvent.keyDown(document.activeElement!, { key: '0' });
    expect(progress()).toBe('judged 2 · skipped 1 · left 1,956');
    await services.settle('saveJudgement', { error: new Error('The server answered 503') });
    expect(progress()).toBe('judged 1 · skipped 1 · left 1,957');
  });

  it('ignores digits above the scale and keys with a modifier', async () => {
    const services = await openQueue([pair, { ...pair, product_id: 'P3' }]);
    fireEvent.keyDown(document.activeElement!, { key: '2' });
    fireEvent.keyDown(document.activeElement!, { key: 'j', ctrlKey: true });
    expect(screen.getByLabelText('Progress').textContent).toBe('judged 0 · skipped 0 · left 2');
    expect(services.calls('saveJudgement')).toBe(0);
  });

  it('says when nothing is left to judge', async () => {
    await openQueue([]);
    expect(screen.getByRole('status').textContent).toBe(
      'Nothing to judge here: every product of this run’s top k in this scope has the ratings its golden set wants, or yours.',
    );
  });

  it('is the route /experiment-run-results/{id}/judge, opened at ?at=n', async () => {
    const services = fakeDeps();
    renderRoute(services, '/experiment-run-results/9/judge?at=3');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Judge unjudged' })).toBeTruthy());
    await services.settle('judgingTarget', { output: target });
    // Named by its number in its experiment once read; its id stays in the address.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Judge unjudged · Run #3');
    // Offset 3 is on page 1 of 50.
    expect(services.last('unjudged').args).toEqual([9, 1, 50, { scope: 'judged' }]);
    await waitFor(() => expect(document.title).toBe('Judge Unjudged · Search Evaluation Console'));
  });

  it('opens in the scope its address names, says the ratings missing, and starts again in another scope', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/9/judge?scope=regressions&comparison=7', <JudgeQueuePage id={9} />);
    await services.settle('judgingTarget', { output: target });
    expect(services.last('unjudged').args).toEqual([9, 1, 50, { scope: 'regressions', comparison: 7 }]);
    await services.settle('unjudged', { output: { items: [pair, { ...pair, product_id: 'P3' }], total: 2, missing: 5 } });
    expect(screen.getByLabelText('Progress').textContent).toBe('judged 0 · skipped 0 · left 2 · 5 ratings missing');
    const scope = screen.getByRole('combobox', { name: 'Judge' }) as HTMLSelectElement;
    expect([scope.value, [...scope.options].map((option) => option.value)]).toEqual([
      'regressions',
      ['judged', 'failures', 'regressions', 'all'],
    ]);
    fireEvent.keyDown(document.activeElement!, { key: '1' });
    expect(screen.getByLabelText('Progress').textContent).toBe('judged 1 · skipped 0 · left 1 · 4 ratings missing');
    // No other scope while a grade is on its way: the positions are this scope's.
    expect(scope.disabled).toBe(true);
    await services.settle('saveJudgement', {
      output: { product_id: 'P9', name: 'Velvet sofa', image_url: null, grade: 1, judged_by: 'ada', judged_at: '2026-11-22T15:04:00Z' },
    });
    fireEvent.change(scope, { target: { value: 'all' } });
    expect(services.currentPath()).toBe('/experiment-run-results/9/judge?scope=all&comparison=7');
    expect(services.last('unjudged').args).toEqual([9, 1, 50, { scope: 'all', comparison: 7 }]);
    await services.settle('unjudged', { output: { items: [{ ...pair, product_id: 'P4' }], total: 1, missing: 1 } });
    expect(screen.getByLabelText('Progress').textContent).toBe('judged 0 · skipped 0 · left 1 · 1 rating missing');
  });

  it('asks before the first grade of a query the set does not judge, then grades that query’s pairs at once', async () => {
    const desk = { ...pair, query: 'desk', new_query: true };
    const services = await openQueue([desk, { ...desk, product_id: 'P3' }, { ...desk, product_id: 'P4' }]);
    fireEvent.keyDown(document.activeElement!, { key: '1' });
    const question = screen.getByRole('alertdialog', { name: 'Add a query to the golden set' });
    expect(question.textContent).toContain('The golden set judges nothing for “desk” yet: grading it adds the query to the set.');
    // Cancelled: nothing is saved, the pair is still ungraded.
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(services.calls('saveJudgement')).toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Add the query and grade 1 Relevant' }));
    expect(services.last('saveJudgement').args).toEqual([4, { query: 'desk', product_id: 'P9', grade: 1 }]);
    // The query once added, its next pair is graded without asking again.
    fireEvent.keyDown(document.activeElement!, { key: '0' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Product P4')).toBeTruthy();
  });

  it('judges a golden set as a whole: /golden-sets/{id}/judge, named by the set, and back to it at the end', async () => {
    const services = fakeDeps();
    renderRoute(services, '/golden-sets/4/judge');
    await waitFor(() => expect(services.calls('setTarget')).toBe(1));
    expect(services.last('setTarget').args).toEqual([4]);
    await services.settle('setTarget', { output: { goldenSetId: 4, scale: goldenSet.scale, runNumber: null, setName: goldenSet.name } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Judge · Sofas DE');
    expect(services.last('setQueue').args).toEqual([4, 1, 50]);
    await services.settle('setQueue', { output: { items: [{ ...pair, rank: null, result_id: null }], total: 1, missing: 2 } });
    // No scope to choose: the set's own pairs.
    expect(screen.queryByRole('combobox', { name: 'Judge' })).toBeNull();
    expect(screen.getByLabelText('Progress').textContent).toBe('judged 0 · skipped 0 · left 1 · 2 ratings missing');
    fireEvent.keyDown(document.activeElement!, { key: '1' });
    expect(services.last('saveJudgement').args).toEqual([4, { query: 'red sofa', product_id: 'P9', grade: 1 }]);
    const done = screen.getByRole('region', { name: 'Done' });
    expect(within(done).queryByRole('button', { name: /Rescore/ })).toBeNull();
    fireEvent.click(within(done).getByRole('button', { name: 'Back to the golden set' }));
    expect(services.currentPath()).toBe('/golden-sets/4');
  });
});
