/** Pages of a list: the query that picks one, the header with the total, and the envelope of the scripts calls. */
import { Type, type Static, type TSchema } from 'typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './limits';

/** Not required: validation fills in the defaults. */
export const pageProperties = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
};
export const PageQuerySchema = Type.Object(pageProperties, { additionalProperties: false });
export type PageQuery = Static<typeof PageQuerySchema>;

export const TotalCountHeader = {
  'X-Total-Count': {
    type: 'integer',
    description: 'How many items all pages hold together; with X-Total-Count-Capped, at least this many',
  },
  'X-Total-Count-Capped': {
    type: 'string',
    enum: ['true'],
    description: 'Sent when a search matched more than 10,000 items: counting stopped there (X-Total-Count is 10000)',
  },
} as const;

/** A page as a JSON array, the total in X-Total-Count. */
export const ListOf = <T extends TSchema>(items: T) => Type.Array(items, { headers: TotalCountHeader });

/** DRF-style page envelope of the scripts calls: the items in `results`, their total in `count` (also in X-Total-Count). */
export const PageOf = <T extends TSchema>(items: T) =>
  Type.Object({ count: Type.Integer(), results: Type.Array(items) }, { headers: TotalCountHeader });
