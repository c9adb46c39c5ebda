import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createActor, createEmptyActor } from 'xstate';
import { bulkUploadMachine, NOT_CSV_FIX } from '../../../src/machines/datasets/bulk-upload.machine';
import { uploadSummary } from '../../../src/domain/shared/csv-file';
import { ENTRIES_TEMPLATE } from '../../../src/domain/shared/import-templates';
import { BulkUploadDialog } from '../../../src/views/datasets/BulkUploadDialog';

// "First use" issue: the bulk upload dialog's readable summary, a dropped file, the template to download,
// and what to fix when a file is refused.

afterEach(cleanup);

function openDialog() {
  // These tests never upload: the real machine, with no reload target to tell.
  const logic = bulkUploadMachine.provide({ actions: { sendReload: () => undefined } });
  const actor = createActor(logic, { input: { reloadTarget: createEmptyActor() } }).start();
  actor.send({ type: 'user.open' });
  render(<BulkUploadDialog actor={actor} />);
  return { actor, dialog: screen.getByRole('dialog', { name: 'Bulk Upload' }) };
}

const drop = (target: HTMLElement, file: File) => fireEvent.drop(target, { dataTransfer: { files: [file] } });

describe('bulk upload dialog', () => {
  it('sums the three counts up in words', () => {
    expect(uploadSummary({ created_entries: 2002, created_datasets: 25, created_mappings: 3422 })).toBe(
      '2,002 entries · 25 datasets · 3,422 links created',
    );
    expect(uploadSummary({ created_entries: 1, created_datasets: 1, created_mappings: 1 })).toBe('1 entry · 1 dataset · 1 link created');
  });

  it('takes a CSV file dropped anywhere on the dialog', () => {
    const { actor, dialog } = openDialog();
    drop(within(dialog).getByText(/Columns:/), new File(['input\nsofa\n'], 'entries.csv', { type: 'text/csv' }));
    expect(actor.getSnapshot().context.file?.name).toBe('entries.csv');
    expect(within(dialog).getByText('entries.csv (11.00 Bytes)')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a dropped file that is not CSV with the spec’s text and what to fix', () => {
    const { dialog } = openDialog();
    drop(within(dialog).getByText(/Columns:/), new File(['hello'], 'photo.png', { type: 'image/png' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(`Please select a CSV file${NOT_CSV_FIX}`);
    expect((within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the example as a template CSV to download', () => {
    const { dialog } = openDialog();
    const link = within(dialog).getByRole('link', { name: 'Download the template CSV' });
    expect(link.getAttribute('download')).toBe('dataset-entries-template.csv');
    expect(link.getAttribute('href')).toBe(ENTRIES_TEMPLATE.href);
    expect(decodeURIComponent(ENTRIES_TEMPLATE.href.split(',').slice(1).join(','))).toBe(ENTRIES_TEMPLATE.text);
    expect(ENTRIES_TEMPLATE.text.split('\n')[0]).toBe('input,datasets,input_metadata,description');
  });
});
