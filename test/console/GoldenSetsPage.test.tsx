import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { sampleGoldenSets } from '../../src/fixtures/golden-sets';
import { formatDateTime } from '../../src/services/format-date';
import { GoldenSetsPage } from '../../src/views/GoldenSetsPage';

afterEach(cleanup);

function renderPage() {
  const location = memoryLocation({ path: '/golden-sets', record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <GoldenSetsPage />
    </Router>,
  );
  return location;
}

describe('GoldenSetsPage (spec §2 /golden-sets)', () => {
  it('lists the three country golden sets with name, size text and created date', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Golden Sets' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Golden Sets' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Size', 'Created At', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(sampleGoldenSets.map((set) => set.name)).toEqual(['Golden Set Germany', 'Golden Set France', 'Golden Set Spain']);
    rows.forEach((row, index) => {
      const goldenSet = sampleGoldenSets[index];
      expect(within(row).getByRole('rowheader').textContent).toBe(goldenSet.name);
      const [size, created] = within(row).getAllByRole('cell');
      expect(size.textContent).toBe(goldenSet.sizeText);
      expect(created.textContent).toBe(formatDateTime(goldenSet.createdAt));
    });
    expect(within(rows[0]).getAllByRole('cell')[1].textContent).toBe('Jan 12, 2026, 9:30 AM');
  });

  it('has inert Add, Edit and Delete buttons that say they are unavailable and do nothing', () => {
    const location = renderPage();
    const buttons = [
      screen.getByRole('button', { name: 'Add Golden Set' }),
      ...sampleGoldenSets.flatMap((set) => [
        screen.getByRole('button', { name: `Edit ${set.name}` }),
        screen.getByRole('button', { name: `Delete ${set.name}` }),
      ]),
    ];
    expect(buttons).toHaveLength(7);
    for (const button of buttons) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect((button as HTMLButtonElement).disabled).toBe(false); // still reachable by keyboard
      fireEvent.click(button);
    }
    expect(location.history).toEqual(['/golden-sets']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
