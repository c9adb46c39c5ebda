import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RunJudgingTarget, UnjudgedItem } from '../../../src/domain/judging/judging-types';
import { JudgeQueuePage } from '../../../src/views/judging/JudgeQueuePage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderRoute, renderWithLogic } from '../helpers/render-console';

// The judging queue's ends: the summary's Rescore and Back to the run, a queue with nothing left,
// the route with its position, and grading with the mouse as well as the keys.

afterEach(cleanup);

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
  await services.settle('unjudged', { output: { items, total: items.length } });
  return services;
}

describe('the judging queue', () => {
  it('grades with the buttons too, then rescores the run and opens the new run', async () => {
    const services = await openQueue([pair]);
    expect(services.last('unjudged').args).toEqual([9, 1, 50]);
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
    expect(services.last('rescore').args).toEqual([9]);
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
    await services.settle('unjudged', { output: { items, total: 1958 } });
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
    expect(screen.getByRole('status').textContent).toBe('Nothing to judge: the golden set judges every product in this run’s top k.');
  });

  it('is the route /experiment-run-results/{id}/judge, opened at ?at=n', async () => {
    const services = fakeDeps();
    renderRoute(services, '/experiment-run-results/9/judge?at=3');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Judge unjudged' })).toBeTruthy());
    await services.settle('judgingTarget', { output: target });
    // Named by its number in its experiment once read; its id stays in the address.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Judge unjudged · Run #3');
    // Offset 3 is on page 1 of 50.
    expect(services.last('unjudged').args).toEqual([9, 1, 50]);
    await waitFor(() => expect(document.title).toBe('Judge Unjudged · Search Evaluation Console'));
  });
});
