import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { HomePage } from '../../src/views/HomePage';

afterEach(cleanup);

describe('HomePage', () => {
  it('shows the product title and says the screens come later', () => {
    render(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Search Evaluation Console' })).toBeTruthy();
    expect(screen.getByText("The console's screens arrive in later work.")).toBeTruthy();
  });
});
