import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Judgement } from '../../../src/domain/judging/golden-set-judging-types';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { ratedSet, twoPeople } from '../helpers/agreement-answer';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// The golden set page's ratings: each product's ratings beside its grade (who, what kind, which grade, an
// adjudication said so), the rule stated in the header, and an adjudication made on the Agreement tab
// reaching the query opened on the Judgements tab.

afterEach(cleanup);

const at = '2026-11-27T10:00:00Z';
const sofa: Judgement = {
  product_id: 'p2',
  grade: 0,
  judged_by: 'Carol',
  judged_at: at,
  name: 'Red sofa',
  image_url: null,
  ratings: [
    { rater_id: 14, rater: 'Carol', kind: 'person', grade: 0, adjudication: true, judged_at: at },
    { rater_id: 11, rater: 'Alice', kind: 'person', grade: 2, adjudication: false, judged_at: at },
    { rater_id: 13, rater: 'gpt-judge', kind: 'model', grade: 1, adjudication: false, judged_at: at },
  ],
};

async function openSofa() {
  const services = fakeDeps();
  renderWithLogic(services, '/golden-sets/4?query=Sofa', <GoldenSetPage id={4} />);
  await services.settle('findGoldenSet', { output: ratedSet });
  await services.settle('judgementsOf', { output: [sofa] });
  return services;
}

describe('ratings on the golden set page', () => {
  it("lists each rater's grade beside the pair's grade, the adjudication marked", async () => {
    await openSofa();
    const ratings = within(screen.getByRole('list', { name: 'Ratings of p2' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(ratings).toEqual(['Carol (person): 0 · Poor, adjudication', 'Alice (person): 2 · Good', 'gpt-judge (model): 1 · Fair']);
    expect(
      (within(screen.getByRole('row', { name: /^p2 / })).getByRole('combobox', { name: 'Grade of p2' }) as HTMLSelectElement).value,
    ).toBe('0');
  });

  it('states the rule in the header, and a viewer may read it but not change it', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets/4', <GoldenSetPage id={4} />, { role: 'viewer' });
    await services.settle('findGoldenSet', {
      output: { ...ratedSet, aggregate: 'pessimistic', ratings_per_pair: 1, prefer_adjudication: false },
    });
    expect(screen.getByText('Pessimistic · 1 rating per pair · adjudications as ratings')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit rule' }));
    expect(screen.queryByRole('form', { name: 'Rating rule' })).toBeNull();
  });

  it('fetches the query opened again once a disagreement is adjudicated on the Agreement tab', async () => {
    const services = await openSofa();
    fireEvent.click(screen.getByRole('tab', { name: 'Agreement' }));
    await services.settle('agreementOf', { output: twoPeople });
    fireEvent.click(screen.getByRole('button', { name: 'Adjudicate Sofa · p2' }));
    const form = within(screen.getByRole('form', { name: 'Adjudication of Sofa · p2' }));
    fireEvent.click(form.getByRole('radio', { name: '0 · Poor' }));
    fireEvent.click(form.getByRole('button', { name: 'Save adjudication' }));
    const fetched = services.calls('judgementsOf');
    await services.settle('saveAdjudication', { output: sofa });
    expect(services.calls('judgementsOf')).toBe(fetched + 1);
    fireEvent.click(screen.getByRole('tab', { name: 'Judgements' }));
    await services.settle('judgementsOf', { output: [{ ...sofa, grade: 0 }] });
    expect(within(screen.getByRole('list', { name: 'Ratings of p2' })).getAllByRole('listitem')[0].textContent).toBe(
      'Carol (person): 0 · Poor, adjudication',
    );
  });
});
