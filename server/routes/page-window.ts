import { DEFAULT_PAGE_SIZE } from '../schemas/limits';
import type { PageQuery } from '../schemas/paging';

/** LIMIT and OFFSET parameters for a page (validation has filled in the defaults). */
export const pageWindow = ({ page = 1, page_size = DEFAULT_PAGE_SIZE }: PageQuery) => [page_size, (page - 1) * page_size];
