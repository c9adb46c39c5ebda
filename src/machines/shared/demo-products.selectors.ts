import type { ResourceSnapshot } from './resource.selectors';
import { selectData } from './resource.selectors';
import { demoProductsNote, type DemoDataState } from '../../domain/demo/demo-data';

/** Over a page's demo data resource: the import dialogs' line while demo products share the catalogue, else null. */
export const selectDemoProductsNote = (snapshot: ResourceSnapshot) =>
  demoProductsNote(selectData<DemoDataState>(snapshot)?.counts.products ?? 0);
