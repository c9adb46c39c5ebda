import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Dataset, DatasetEntry } from '../../../src/domain/evaluations/evaluation-service-types';
import { DatasetEditorPage } from '../../../src/views/datasets/DatasetEditorPage';
import { ENTRY_WINDOW } from '../../../src/machines/datasets/dataset-editor.machine';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// The editor's lists from the keyboard (issue "first use"): each list is one Tab stop, a multi-select listbox
// whose active option moves with the arrows, Home and End; Space toggles, Shift extends, Ctrl/Cmd+A selects
// every row the filter shows. Counts follow the filter.

afterEach(cleanup);

const sofas: Dataset = { id: 7, name: 'Sofas UK', description: 'Sofa queries', created_at: '', updated_at: '' };
const entry = (id: number): DatasetEntry => ({
  id,
  input: `entry ${id}`,
  input_metadata: null,
  description: `entry ${id}`,
  datasets: [],
  created_at: '',
  updated_at: '',
});

/** The editor with nothing included and `loaded` entries on the available side, which holds `count` in all. */
async function openEditor(loaded = 30, count = 2422) {
  const services = fakeDeps();
  renderWithLogic(services, '/datasets/7/edit', <DatasetEditorPage id={7} />);
  await services.settle('findDataset', { output: sofas });
  await services.settle('entryWindow', { output: { items: [], total: 0, count: 0 } }, { side: 'included' });
  const items = Array.from({ length: loaded }, (_, i) => entry(i + 1));
  await services.settle('entryWindow', { output: { items, total: loaded, count } }, { side: 'available' });
  const section = screen.getByRole('heading', { name: /^Available Entries/ }).closest('section')!;
  const listbox = within(section).getByRole('listbox', { name: 'Available Entries' });
  const press = (key: string, modifiers: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {}) =>
    fireEvent.keyDown(listbox, { key, ...modifiers });
  const active = () => document.getElementById(listbox.getAttribute('aria-activedescendant') ?? '')?.textContent;
  const selected = () =>
    within(listbox)
      .queryAllByRole('option', { selected: true })
      .map((option) => option.textContent);
  return { services, section, listbox, press, active, selected };
}

describe('dataset editor lists from the keyboard', () => {
  it('makes each list one Tab stop: the listbox, not its rows', async () => {
    const { section, listbox } = await openEditor();
    expect(listbox.getAttribute('aria-multiselectable')).toBe('true');
    expect(listbox.tabIndex).toBe(0);
    expect([...section.querySelectorAll('[tabindex]')].filter((element) => (element as HTMLElement).tabIndex >= 0)).toEqual([listbox]);
    expect(within(listbox).getAllByRole('option')[0].hasAttribute('tabindex')).toBe(false);
  });

  it('moves with the arrows, Home and End, toggles with Space, and extends with Shift', async () => {
    const { section, listbox, press, active, selected } = await openEditor();
    expect(active()).toBe('entry 1');
    press('ArrowDown');
    press('ArrowDown');
    expect(active()).toBe('entry 3');
    expect(selected()).toEqual([]);
    press(' ');
    expect(selected()).toEqual(['entry 3']);
    expect(within(section).getByRole('button', { name: 'Add Selected (1)' })).toBeTruthy();
    press('ArrowDown', { shiftKey: true });
    press('ArrowDown', { shiftKey: true });
    expect(selected()).toEqual(['entry 3', 'entry 4', 'entry 5']);
    press('ArrowUp', { shiftKey: true }); // the range shrinks back
    expect(selected()).toEqual(['entry 3', 'entry 4']);
    press('End');
    // The last row is rendered and scrolled into view although the window showed the first rows only.
    expect(active()).toBe('entry 30');
    expect(listbox.scrollTop).toBeGreaterThan(0);
    press('Home');
    expect(active()).toBe('entry 1');
    press('ArrowUp');
    expect(active()).toBe('entry 1');
    press(' ');
    expect(selected()).toEqual(['entry 1', 'entry 3', 'entry 4']);
  });

  it('extends a range with Shift+click from the last clicked row', async () => {
    const { listbox, selected } = await openEditor();
    fireEvent.click(within(listbox).getByRole('option', { name: 'entry 2' }));
    fireEvent.click(within(listbox).getByRole('option', { name: 'entry 5' }), { shiftKey: true });
    expect(selected()).toEqual(['entry 2', 'entry 3', 'entry 4', 'entry 5']);
  });

  it('selects every row the filter shows with Ctrl+A or Cmd+A, and the counts follow the filter', async () => {
    const { section, press, selected } = await openEditor();
    const heading = within(section).getByRole('heading');
    expect(heading.textContent).toBe('Available Entries (2,422)');
    fireEvent.change(within(section).getByPlaceholderText('Filter available entries...'), { target: { value: 'ENTRY 1' } });
    expect(heading.textContent).toBe('Available Entries (11 of 2,422)');
    press('a', { ctrlKey: true });
    expect(selected()).toHaveLength(11);
    expect(within(section).getByRole('button', { name: 'Add Selected (11)' })).toBeTruthy();
    fireEvent.change(within(section).getByPlaceholderText('Filter available entries...'), { target: { value: 'entry 2' } });
    press('a', { metaKey: true });
    expect(within(section).getByRole('button', { name: 'Add Selected (22)' })).toBeTruthy();
    fireEvent.change(within(section).getByPlaceholderText('Filter available entries...'), { target: { value: '' } });
    expect(heading.textContent).toBe('Available Entries (2,422)');
  });

  it('adds what the keyboard selected', async () => {
    const { services, section, press } = await openEditor();
    press('ArrowDown', { shiftKey: true });
    fireEvent.click(within(section).getByRole('button', { name: 'Add Selected (2)' }));
    expect(services.last('moveEntries').input).toEqual({ datasetId: 7, direction: 'add', entryIds: [1, 2] });
  });
});

describe('a filter with more matches on the server than loaded', () => {
  it('counts all matches in the heading, "10,000+" when the server stopped counting, and selects only the loaded ones', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/datasets/7/edit', <DatasetEditorPage id={7} />);
    await services.settle('findDataset', { output: sofas });
    await services.settle('entryWindow', { output: { items: [], total: 0, count: 0 } }, { side: 'included' });
    await services.settle('entryWindow', { output: { items: [entry(1)], total: 50_000, count: 50_000 } }, { side: 'available', page: 1 });
    const section = screen.getByRole('heading', { name: /^Available Entries/ }).closest('section')!;
    fireEvent.change(within(section).getByPlaceholderText('Filter available entries...'), { target: { value: 'entry' } });
    const matches = Array.from({ length: ENTRY_WINDOW }, (_, i) => entry(i + 1)); // one full window
    await services.settle(
      'entryWindow',
      { output: { items: matches, total: 10_000, capped: true, count: 50_000 } },
      { side: 'available', search: 'entry' },
    );
    expect(within(section).getByRole('heading').textContent).toBe('Available Entries (10,000+ of 50,000)');
    // A capped total is only a lower bound: the next matches come as the list scrolls, not all at once.
    expect(services.last('entryWindow').input).toMatchObject({ side: 'available', search: 'entry', page: 1 });
    expect(within(section).getByText(`Showing ${ENTRY_WINDOW} of 10,000+; scroll down for more.`)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: `Select all matching (${ENTRY_WINDOW})` }));
    expect(within(section).getByRole('button', { name: `Add Selected (${ENTRY_WINDOW})` })).toBeTruthy();
  });
});

describe('moving thousands of entries', () => {
  /** 1,200 entries chosen with 'Select all matching' on a filter, and Add pressed. */
  async function addAllMatching() {
    const editor = await openEditor(1200, 1200);
    fireEvent.change(within(editor.section).getByPlaceholderText('Filter available entries...'), { target: { value: 'entry' } });
    fireEvent.click(within(editor.section).getByRole('button', { name: 'Select all matching (1,200)' }));
    fireEvent.click(within(editor.section).getByRole('button', { name: 'Add Selected (1,200)' }));
    return editor;
  }
  const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('sends 500 entries per mapping call and shows how far it got', async () => {
    const { services } = await addAllMatching();
    expect(screen.getByRole('status').textContent).toBe('Adding 0 of 1,200…');
    expect(services.last('moveEntries').input).toEqual({ datasetId: 7, direction: 'add', entryIds: ids(1, 500) });
    await services.settle('moveEntries', { output: undefined });
    expect(screen.getByRole('status').textContent).toBe('Adding 500 of 1,200…');
    expect(services.last('moveEntries').input).toEqual({ datasetId: 7, direction: 'add', entryIds: ids(501, 1000) });
    await services.settle('moveEntries', { output: undefined });
    expect(screen.getByRole('status').textContent).toBe('Adding 1,000 of 1,200…');
    expect(services.last('moveEntries').input).toEqual({ datasetId: 7, direction: 'add', entryIds: ids(1001, 1200) });
    await services.settle('moveEntries', { output: undefined });
    expect(services.calls('moveEntries')).toBe(3);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { name: /^Included Entries/ }).textContent).toBe('Included Entries (1,200)');
  });

  it('says how many were not added when a chunk fails, and reloads both lists', async () => {
    const { services } = await addAllMatching();
    await services.settle('moveEntries', { output: undefined });
    const reloads = services.calls('entryWindow');
    await services.settle('moveEntries', { error: new Error('Internal Server Error') });
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not add 700 of 1,200 entries: Internal Server Error. The lists were reloaded from the server.',
    );
    expect(services.calls('moveEntries')).toBe(2);
    expect(services.calls('entryWindow')).toBe(reloads + 2);
  });
});
