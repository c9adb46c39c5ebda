import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../src/App';
import { HomePage } from '../../src/views/HomePage';

afterEach(cleanup);

describe('HomePage', () => {
  it('shows the product title and says the screens come later', () => {
    render(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Search Evaluation Console' })).toBeTruthy();
    expect(screen.getByText("The console's screens arrive in later work.")).toBeTruthy();
  });

  it('is what the route table shows on a deep link', () => {
    const { hook } = memoryLocation({ path: '/datasets' });
    render(
      <Router hook={hook}>
        <App />
      </Router>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Search Evaluation Console' })).toBeTruthy();
  });
});
