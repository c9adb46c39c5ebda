/** The bulk upload of entries, and a CSV sent to it as a browser sends a chosen file. */
import type { TestApp } from './test-app';

export const BULK_UPLOAD_ROUTE = '/api/service/dataset-entries/bulk-upload';

/** A CSV file part as a browser sends a chosen file. */
export const csvFile = (file: Buffer | string) => ({ file, filename: 'upload.csv', type: 'text/csv' });

/** Posts `file` as the form's `field` (`file` unless told), the route's options in `query` (e.g. `?dataset_id=3`). */
export function uploadCsv(t: TestApp, file: Buffer | string, { query = '', field = 'file' } = {}) {
  return t.upload(`${BULK_UPLOAD_ROUTE}${query}`, [[field, csvFile(file)]]);
}
