import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createActor, createEmptyActor } from 'xstate';
import { importProductsMachine } from '../../../src/machines/catalogue/import-products.machine';
import { bulkUploadMachine } from '../../../src/machines/datasets/bulk-upload.machine';
import { uploadGoldenSetMachine } from '../../../src/machines/golden-sets/upload-golden-set.machine';
import { fileExportMachine } from '../../../src/machines/shared/file-export.machine';
import {
  ENTRIES_TEMPLATE,
  GOLDEN_SET_CSV_TEMPLATE,
  GOLDEN_SET_QRELS_TEMPLATE,
  GOLDEN_SET_QUERIES_TEMPLATE,
  PRODUCTS_CSV_TEMPLATE,
  PRODUCTS_JSONL_TEMPLATE,
  type ImportTemplate,
} from '../../../src/domain/shared/import-templates';
import { ImportProductsDialog } from '../../../src/views/catalogue/ImportProductsDialog';
import { BulkUploadDialog } from '../../../src/views/datasets/BulkUploadDialog';
import { UploadGoldenSetDialog } from '../../../src/views/golden-sets/UploadGoldenSetDialog';

// A new user opening any import sees what the file holds, an example of it, a template to start from, and
// what becomes of columns the format does not name.

afterEach(cleanup);

const input = { reloadTarget: createEmptyActor() };

function opened<T extends { send(event: { type: 'user.open' }): void }>(actor: T): T {
  actor.send({ type: 'user.open' });
  return actor;
}

/** The dialog shows the template's text as its example and links to it as a download. */
function expectTemplate(dialog: HTMLElement, template: ImportTemplate) {
  const examples = [...dialog.querySelectorAll('pre')].map((pre) => pre.textContent);
  expect(examples).toContain(template.text.trimEnd());
  const link = within(dialog).getByRole('link', { name: `Download the ${template.label}` });
  expect(link.getAttribute('download')).toBe(template.fileName);
  expect(decodeURIComponent(link.getAttribute('href')!.split(',').slice(1).join(','))).toBe(template.text);
}

describe('import dialogs show their format', () => {
  it('bulk upload: the columns, an example, its template, and extra columns into input_metadata', () => {
    render(<BulkUploadDialog actor={opened(createActor(bulkUploadMachine, { input }).start())} />);
    const dialog = screen.getByRole('dialog', { name: 'Bulk Upload' });
    expectTemplate(dialog, ENTRIES_TEMPLATE);
    expect(dialog.textContent).toContain('Any other column becomes a key of input_metadata');
  });

  it('import products: CSV and JSON Lines examples and templates, extra columns into attributes', () => {
    render(<ImportProductsDialog actor={opened(createActor(importProductsMachine, { input }).start())} demoNote={null} />);
    const dialog = screen.getByRole('dialog', { name: 'Import products' });
    expectTemplate(dialog, PRODUCTS_CSV_TEMPLATE);
    expectTemplate(dialog, PRODUCTS_JSONL_TEMPLATE);
    expect(dialog.textContent).toContain("becomes one of the product's attributes");
  });

  it('golden set: the chosen format’s example and templates, and that other columns are refused', () => {
    const exporter = createActor(fileExportMachine).start();
    render(
      <UploadGoldenSetDialog actor={opened(createActor(uploadGoldenSetMachine, { input }).start())} exporter={exporter} demoNote={null} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Golden Set' });
    expectTemplate(dialog, GOLDEN_SET_CSV_TEMPLATE);
    expect(dialog.textContent).toContain('Other columns are refused');

    fireEvent.change(within(dialog).getByLabelText('Format'), { target: { value: 'trec' } });
    expectTemplate(dialog, GOLDEN_SET_QRELS_TEMPLATE);
    expectTemplate(dialog, GOLDEN_SET_QUERIES_TEMPLATE);
    expect(within(dialog).queryByRole('link', { name: 'Download the template CSV' })).toBeNull();
  });
});
