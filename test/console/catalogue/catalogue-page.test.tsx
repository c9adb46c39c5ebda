import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Product } from '../../../src/domain/experiments/evaluation-backend-types';
import { CataloguePage } from '../../../src/views/catalogue/CataloguePage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// /catalogue: the products, or the built-in search's ranking with scores and the grades a chosen
// golden set gives; the search and the golden set in the address with the page.

afterEach(cleanup);

const product = (id: string, name: string, extra: Partial<Product> = {}): Product => ({
  product_id: id,
  name,
  description: '',
  image_url: null,
  attributes: {},
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  ...extra,
});

const goldenSets = [
  { id: 4, name: 'Sofas DE' },
  { id: 9, name: 'Lamps UK' },
];

async function openAt(path: string) {
  const services = fakeDeps();
  renderWithLogic(services, path, <CataloguePage />);
  await services.settle('goldenSetOptions', { output: goldenSets });
  return services;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Products' }))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
        .map((cell) => cell.textContent),
    );

const search = (text: string) => {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: text } });
  fireEvent.submit(screen.getByRole('search'));
};
const chooseGoldenSet = (value: string) => fireEvent.change(screen.getByRole('combobox', { name: 'Golden set' }), { target: { value } });
const lastQuery = (services: FakeDeps) => services.last('productRows').args;

describe('Catalogue page', () => {
  it('shows a thumbnail only from an http(s) URL or a path on this server', async () => {
    const services = await openAt('/catalogue');
    const images = ['javascript:alert(1)', '//evil.example/x.png', '/\\evil.example/x.png', 'https://img.example.com/p4.jpg'];
    await services.settle('productRows', {
      output: { items: images.map((image_url, index) => product(`P-${index + 1}`, `Product ${index + 1}`, { image_url })), total: 4 },
    });
    const shown = [...screen.getByRole('table', { name: 'Products' }).querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(shown).toEqual(['https://img.example.com/p4.jpg']);
  });

  it('lists the products with their total, thumbnails and links to their details', async () => {
    const services = await openAt('/catalogue');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Catalogue');
    expect(lastQuery(services)).toEqual([
      { page: 1, pageSize: 20 },
      { search: undefined, goldenSetId: undefined },
    ]);
    await services.settle('productRows', {
      output: { items: [product('P-1', 'Blue velvet sofa', { image_url: '/images/p1.jpg' }), product('a/b', 'Oak table')], total: 42 },
    });

    expect(screen.getByText('42 products')).toBeTruthy();
    expect(rows()).toEqual([
      ['Product ID', 'Image', 'Name'],
      ['P-1', '', 'Blue velvet sofa'],
      ['a/b', '', 'Oak table'],
    ]);
    const table = screen.getByRole('table', { name: 'Products' });
    expect(within(table).getByRole('link', { name: 'a/b' }).getAttribute('href')).toBe('/catalogue/products/a%2Fb');
    expect(table.querySelectorAll('img')).toHaveLength(1);
    expect(table.querySelector('img')!.getAttribute('src')).toBe('/images/p1.jpg');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Golden set' }) as HTMLSelectElement;
    expect([...picker.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'No golden set'],
      ['4', 'Sofas DE'],
      ['9', 'Lamps UK'],
    ]);
    expect(picker.value).toBe('');
    expect(screen.getByRole('button', { name: 'Import products' })).toBeTruthy();
  });

  it('searches on submit: ranks and scores, in the address; then a golden set adds the grades', async () => {
    const services = await openAt('/catalogue?page=2');
    await services.settle('productRows', { output: { items: [product('P-21', 'Lamp')], total: 21 } });

    search('  red sofa ');
    expect(services.currentPath()).toBe('/catalogue?search=red+sofa&page=1');
    expect(lastQuery(services)).toEqual([
      { page: 1, pageSize: 20 },
      { search: 'red sofa', goldenSetId: undefined },
    ]);
    await services.settle('productRows', {
      output: { items: [product('P-1', 'Red velvet sofa', { score: 0.41666 }), product('P-2', 'Blue sofa', { score: 0.1 })], total: 2 },
    });
    expect(rows()).toEqual([
      ['Rank', 'Product ID', 'Image', 'Name', 'Score'],
      ['1', 'P-1', '', 'Red velvet sofa', '0.417'],
      ['2', 'P-2', '', 'Blue sofa', '0.100'],
    ]);
    expect(screen.getByText('2 products')).toBeTruthy();

    chooseGoldenSet('4');
    expect(services.currentPath()).toBe('/catalogue?search=red+sofa&golden_set=4&page=1');
    expect(lastQuery(services)).toEqual([
      { page: 1, pageSize: 20 },
      { search: 'red sofa', goldenSetId: 4 },
    ]);
    await services.settle('productRows', {
      output: {
        items: [product('P-1', 'Red velvet sofa', { score: 0.41666, grade: 3 }), product('P-2', 'Blue sofa', { score: 0.1, grade: null })],
        total: 2,
      },
    });
    expect(rows()).toEqual([
      ['Rank', 'Product ID', 'Image', 'Name', 'Score', 'Grade'],
      ['1', 'P-1', '', 'Red velvet sofa', '0.417', '3'],
      ['2', 'P-2', '', 'Blue sofa', '0.100', 'unjudged'],
    ]);
    expect((screen.getByRole('combobox', { name: 'Golden set' }) as HTMLSelectElement).value).toBe('4');

    // Back: the search without the golden set again.
    act(() => services.router.back('/catalogue'));
    expect(lastQuery(services)).toEqual([
      { page: 1, pageSize: 20 },
      { search: 'red sofa', goldenSetId: undefined },
    ]);
  });

  it("opens with the address's search, golden set and page: ranks count from the page's first", async () => {
    const services = await openAt('/catalogue?search=sofa&golden_set=9&page=3');
    expect(lastQuery(services)).toEqual([
      { page: 3, pageSize: 20 },
      { search: 'sofa', goldenSetId: 9 },
    ]);
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('sofa');
    expect((screen.getByRole('combobox', { name: 'Golden set' }) as HTMLSelectElement).value).toBe('9');
    await services.settle('productRows', { output: { items: [product('P-41', 'Sofa bed', { score: 0.05, grade: 0 })], total: 41 } });
    expect(rows()[1]).toEqual(['41', 'P-41', '', 'Sofa bed', '0.050', '0']);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
  });

  it('says a golden set grades only a search, and shows no grades without one', async () => {
    const services = await openAt('/catalogue?golden_set=4');
    await services.settle('productRows', { output: { items: [product('P-1', 'Sofa')], total: 1 } });
    expect(screen.getByText('Search to see the grades the golden set gives.')).toBeTruthy();
    expect(rows()[0]).toEqual(['Product ID', 'Image', 'Name']);
    expect(screen.getByText('1 product')).toBeTruthy();

    chooseGoldenSet('');
    expect(services.currentPath()).toBe('/catalogue?page=1');
    expect(screen.queryByText('Search to see the grades the golden set gives.')).toBeNull();
  });

  it('says when nothing matches, when there are no products, and when the call fails', async () => {
    const services = await openAt('/catalogue?search=unicorn');
    await services.settle('productRows', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe('No products match the search.');

    search('');
    await services.settle('productRows', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe('No products yet.');

    chooseGoldenSet('9');
    await services.settle('productRows', { error: new Error('querystring.golden_set_id: golden set 9 does not exist') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch products. querystring.golden_set_id: golden set 9 does not exist');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(services.calls('productRows')).toBe(4);
  });
});
